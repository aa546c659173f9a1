import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** The caller's X-Request-Id when it is a plain token (a proxy's), else a new one; sent back on the response. */
export function requestIdOf(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}
