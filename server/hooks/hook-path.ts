import type { IncomingMessage, ServerResponse } from 'node:http';
import { SERVER_FAULT_MESSAGE, TOO_LARGE_MESSAGE } from '#server/http/api-error.ts';
import { requestIdOf } from '#server/http/request-id.ts';
import type { Logger } from '#server/logger.ts';
import type { ApiError } from '#shared/api-error.ts';

/** What a hook answers: a status and a JSON body, an error in the API's one shape when it is not a 2xx. */
export interface HookAnswer {
  status: number;
  body: object;
}

/** A hook's request once its body is read: what its signature check needs. */
export interface ReceivedHook {
  method: string;
  headers: IncomingMessage['headers'];
  /** The raw body, as sent. */
  body: string;
  /** The client's address as the rate limits count it. */
  address: string;
}

/** One signed server-to-server hook (server/hooks/hooks.ts builds them). */
export interface Hook {
  /** The largest body it reads; a larger one is refused with 413. */
  bodyLimit: number;
  /** A refusal before the body is read (no secret configured, too many bad signatures), or nothing. */
  refuseEarly(address: string): HookAnswer | undefined;
  /** The signature, age, novelty and the address's limit: a refusal, or nothing when the request may go on. */
  verify(request: ReceivedHook): Promise<HookAnswer | undefined>;
  /** The request's parsed JSON body, verified: what the hook does, and its answer. */
  handle(body: unknown): Promise<HookAnswer>;
}

/** An answer in the API's error shape; Retry-After comes from `retryAfterSeconds`, so both always agree. */
export function hookError<Body extends ApiError>(status: number, body: Body | string): HookAnswer {
  return { status, body: typeof body === 'string' ? { error: body } : body };
}

/** Answers a request and says so, or leaves it alone (false) for the rest of the app. */
export type HookPath = (req: IncomingMessage, res: ServerResponse) => boolean;

interface HookPathOptions {
  /** The hooks by path, lower case, without a trailing slash. */
  hooks: ReadonlyMap<string, Hook>;
  /** Under which every path is a hook's: anything else there is a JSON 404. */
  prefix: string;
  /** The fixed security headers every answer carries. */
  headers: readonly (readonly [string, string])[];
  /** The client address Express would give the request (TRUST_PROXY), keyed as the rate limits count it. */
  addressOf(req: IncomingMessage): string;
  logger: Logger;
}

/**
 * The signed hooks, answered before Express (docs/decisions/0021-hooks-before-express.md). A live call sends a
 * message per spoken line, many calls at once, and each line reaches its browser only after the messages before
 * it are through: routing, request logging and body parsing were a third of a message's cost. What a hook needs
 * of them is here: its own body limit, the signature check with its limits per address, a request id, the
 * security headers, a JSON error for every refusal, and a log line (accepted answers at debug, like the hot
 * path's; refusals at info; failures at error).
 */
export function hookPath({ hooks, prefix, headers, addressOf, logger }: HookPathOptions): HookPath {
  const log = logger.child({ subsystem: 'http' });
  const fixed = headers.flat();

  return (req, res) => {
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    let path = (query === -1 ? target : target.slice(0, query)).toLowerCase();
    if (!path.startsWith(prefix)) return false;
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const started = performance.now();
    const id = requestIdOf(req);

    const answer = ({ status, body }: HookAnswer, extra: string[] = []) => {
      const text = JSON.stringify(body);
      const retryAfter = (body as ApiError).retryAfterSeconds;
      res.writeHead(status, [
        ...fixed,
        'Content-Type',
        'application/json; charset=utf-8',
        'Content-Length',
        String(Buffer.byteLength(text)),
        'X-Request-Id',
        id,
        ...(retryAfter === undefined ? [] : ['Retry-After', String(retryAfter)]),
        ...extra,
      ]);
      res.end(text);
      // A failure has its own line; an accepted hook's is at debug, and built only when that level is on.
      const level = status < 400 ? 'debug' : status < 500 ? 'info' : undefined;
      if (level && log.isLevelEnabled(level)) {
        const responseTime = Math.round(performance.now() - started);
        log[level](
          { req: { id, method: req.method, url: path }, res: { statusCode: status }, responseTime },
          'request completed',
        );
      }
    };

    const hook = hooks.get(path);
    if (!hook) {
      answer(hookError(404, 'Not found'));
      return true;
    }
    if (req.method !== 'POST') {
      answer(hookError(405, 'Hooks take POST only.'), ['Allow', 'POST']);
      return true;
    }
    const fail = (error: unknown) => {
      log.error({ err: error, req: { id, method: req.method, url: path } }, 'request failed');
      if (!res.headersSent) answer(hookError(500, SERVER_FAULT_MESSAGE));
    };
    const address = addressOf(req);
    const early = hook.refuseEarly(address);
    if (early) {
      // Not read: the connection closes rather than wait for a body nobody will look at.
      answer(early, ['Connection', 'close']);
      return true;
    }
    const encoding = req.headers['content-encoding'];
    if (encoding !== undefined && encoding.toLowerCase() !== 'identity') {
      answer(hookError(415, 'Send the body uncompressed.'), ['Connection', 'close']);
      return true;
    }
    readBody(req, hook.bodyLimit)
      .then(async (body) => {
        if (body === undefined) return;
        if (body === 'too-large') {
          answer(hookError(413, TOO_LARGE_MESSAGE), ['Connection', 'close']);
          return;
        }
        const raw = body.toString('utf8');
        const refused = await hook.verify({ method: req.method ?? 'POST', headers: req.headers, body: raw, address });
        if (refused) {
          answer(refused);
          return;
        }
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          answer(hookError(400, 'Body must be JSON.'));
          return;
        }
        answer(await hook.handle(parsed));
      })
      .catch(fail);
    return true;
  };
}

/**
 * The request's body, or 'too-large' as soon as it passes `limit` bytes (a declared length past every route's
 * limit is refused before this, server/http/connection-limits.ts), or undefined when the client went away.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large' | undefined> {
  return new Promise((resolve) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      resolve('too-large');
      return;
    }
    const chunks: Buffer[] = [];
    let length = 0;
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (length > limit) {
        req.off('data', onData);
        resolve('too-large');
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => resolve(Buffer.concat(chunks, length)));
    req.once('close', () => {
      if (!req.complete) resolve(undefined);
    });
  });
}
