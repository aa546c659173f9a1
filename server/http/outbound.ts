import { type Dispatcher, request } from 'undici';

/**
 * How the lead checks and the lead webhook reach third parties: tests pass an undici MockAgent; production uses the
 * global agent.
 */
export interface Outbound {
  dispatcher?: Dispatcher;
  /** Deadline for the whole exchange, headers and body. */
  timeoutMs: number;
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent as a JSON body. */
  json?: unknown;
  /** Sent as is (already serialised JSON), for callers that sign the exact bytes. */
  body?: string;
  /** The largest reply read; 64 kB unless a caller expects a list. */
  maxReplyBytes?: number;
}

export interface JsonReply {
  status: number;
  /** The parsed JSON body, or undefined when the body is empty or not JSON. */
  body: unknown;
}

// Third parties answer in a few hundred bytes; anything much bigger is not an answer worth reading.
const MAX_REPLY_BYTES = 64 * 1024;

/** One request with a deadline. Network failures and timeouts reject; any HTTP status resolves. */
export async function requestJson(url: string, init: OutboundRequest, outbound: Outbound): Promise<JsonReply> {
  const payload = init.json === undefined ? init.body : JSON.stringify(init.json);
  const reply = await request(url, {
    method: init.method,
    headers: {
      accept: 'application/json',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
    body: payload,
    signal: AbortSignal.timeout(outbound.timeoutMs),
    headersTimeout: outbound.timeoutMs,
    bodyTimeout: outbound.timeoutMs,
    ...(outbound.dispatcher ? { dispatcher: outbound.dispatcher } : {}),
  });
  const maxBytes = init.maxReplyBytes ?? MAX_REPLY_BYTES;
  const length = Number(reply.headers['content-length']);
  if (length > maxBytes) {
    await reply.body.dump();
    return { status: reply.statusCode, body: undefined };
  }
  const text = await reply.body.text();
  return { status: reply.statusCode, body: parseJson(text, maxBytes) };
}

function parseJson(text: string, maxBytes: number): unknown {
  if (!text || text.length > maxBytes) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function bearer(key: string | undefined): Record<string, string> {
  return key ? { authorization: `Bearer ${key}` } : {};
}

export function isSuccess(status: number): boolean {
  return status >= 200 && status < 300;
}
