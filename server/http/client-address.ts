import type { IncomingMessage } from 'node:http';
import express, { type Request } from 'express';
import type { Config } from '#server/config.ts';

/**
 * The client address Express gives a request as `req.ip`, for requests that never pass through Express (the
 * Socket.IO handshake): the same getter on the request prototype of an app with the same "trust proxy" setting,
 * so TRUST_PROXY means the same on both sides. Undefined when it cannot be told (a connection already gone).
 */
export function clientAddressOf(trustProxy: Config['trustProxy']): (req: IncomingMessage) => string | undefined {
  const app = express();
  app.set('trust proxy', trustProxy);
  return (req) => {
    try {
      // A view of the raw request with the app's request prototype, as Express itself sets it on every request.
      const view: Request = Object.create(app.request, {
        headers: { value: req.headers },
        socket: { value: req.socket },
        connection: { value: req.socket },
      });
      return view.ip || undefined;
    } catch {
      // A malformed X-Forwarded-For or a closed socket must not fail the caller.
      return undefined;
    }
  };
}
