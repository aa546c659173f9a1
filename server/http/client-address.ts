import type { IncomingMessage } from 'node:http';
import type { Express, Request } from 'express';

/**
 * The client address Express gives a request as `req.ip`, for requests that never pass through Express (the
 * Socket.IO handshake): the same getter on the app's own request prototype, so "trust proxy" means the same on
 * both sides. Undefined when it cannot be told (a connection already gone).
 */
export function clientAddressOf(app: Express): (req: IncomingMessage) => string | undefined {
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
