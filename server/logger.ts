import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

// One root logger; subsystems take children, so every line says where it came from. Credentials never reach the log.
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-porchlight-signature"]',
        'req.headers["x-vapi-signature"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * Query parameters that carry personal data: what an operator searched for (a phone number, an e-mail address, a
 * name), and the number typed in the home page's hero, which a browser running no script sends as `/?phone=…`.
 */
const SEARCH_PARAMETERS = new Set(['q', 'phone']);

/** A consent receipt's path: its token is the only key to the receipt (server/consent/). */
const RECEIPT_PATH = /^\/consent\/[^/?#]+/;

/**
 * pino-http's request serializer, given the standard serialization: search terms in the URL and the parsed
 * query are personal data, and a receipt's token opens a person's receipt, so none of them reach the log.
 */
export function withoutSearchTerms<T extends { url?: unknown; query?: unknown }>(req: T): T {
  if (typeof req.url === 'string') req.url = req.url.replace(RECEIPT_PATH, '/consent/[redacted]');
  if (typeof req.url === 'string' && req.url.includes('?')) {
    const at = req.url.indexOf('?');
    const params = new URLSearchParams(req.url.slice(at + 1));
    let changed = false;
    for (const name of SEARCH_PARAMETERS) {
      if (params.has(name)) {
        params.set(name, '[redacted]');
        changed = true;
      }
    }
    if (changed) req.url = `${req.url.slice(0, at)}?${params.toString()}`;
  }
  if (typeof req.query === 'object' && req.query !== null) {
    const query: Record<string, unknown> = { ...req.query };
    for (const name of SEARCH_PARAMETERS) if (name in query) query[name] = '[redacted]';
    req.query = query;
  }
  return req;
}
