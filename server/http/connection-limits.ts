import type http from 'node:http';
import type net from 'node:net';
import type { HttpConfig } from '#server/config.ts';
import { PROVIDER_HOOK_BODY_BYTES, SIGNED_HOOK_BODY_BYTES } from '#server/hooks/signing.ts';
import { TOO_LARGE_MESSAGE } from '#server/http/api-error.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';

// What one client address may hold of the HTTP server, however slowly or greedily it talks: the server's file
// descriptors and its other clients' requests are not theirs to take (README "Security").

/**
 * The largest body any route takes: a call provider's message (server/hooks/signing.ts). Other hooks take 64 kB,
 * the API 16 kB, visits 2 kB and a Socket.IO message 4 kB; a page takes none.
 */
export const LARGEST_BODY_BYTES = Math.max(SIGNED_HOOK_BODY_BYTES, PROVIDER_HOOK_BODY_BYTES);

/**
 * The HTTP server's deadlines: its headers within `headersTimeoutMs` of the request's start, the whole request
 * (body included) within `requestTimeoutMs`, and an idle kept-alive connection closed after `keepAliveTimeoutMs`.
 * A request past either deadline gets 408 and its connection is closed.
 */
export function httpServerOptions(limits: HttpConfig): http.ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for requests past their deadline every 30 s by default, so a 10 s deadline held a slow client
    // for up to 40 s; checked every second (or a tenth of a shorter deadline) they hold to within that.
    connectionsCheckingInterval: Math.min(1_000, Math.ceil(limits.headersTimeoutMs / 10)),
  };
}

const TOO_LARGE = JSON.stringify({ error: TOO_LARGE_MESSAGE });

/**
 * Answers 413 and closes the connection when a request declares a body larger than `maxBytes`, before any of it
 * is read: without it, a route that refuses the body still has Node read it to the end (a gigabyte declared was
 * a gigabyte read) to keep the connection for the next request. A body sent without a length is held to the
 * route's own limit and to the request deadline. Wraps every request listener the server has, so it is called
 * after Socket.IO takes them over, and Socket.IO's requests are checked too.
 */
export function refuseLargeBodies(
  server: http.Server,
  { maxBytes, headers }: { maxBytes: number; headers: readonly (readonly [string, string])[] },
): void {
  const listeners = server.listeners('request');
  server.removeAllListeners('request');
  const answer = [
    ...headers.flat(),
    'Content-Type',
    'application/json; charset=utf-8',
    'Content-Length',
    String(Buffer.byteLength(TOO_LARGE)),
    // Node closes the connection once the answer is sent rather than reading the body to reuse it.
    'Connection',
    'close',
  ];
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > maxBytes) {
      res.writeHead(413, answer);
      res.end(TOO_LARGE);
      return;
    }
    for (const listener of listeners) Reflect.apply(listener, server, [req, res]);
  });
}

const WARN_EVERY_MS = 60_000;

/**
 * Closes at once every connection from an address that already holds `perAddress` open ones (0: no cap), so one
 * address cannot take the server's file descriptors from the others. Counted per process, by the address the
 * connection comes from: behind a proxy, that is the proxy's. A refusal is logged at most once a minute per
 * address.
 */
export function capConnectionsPerAddress(
  server: net.Server,
  { perAddress, logger, clock }: { perAddress: number; logger: Logger; clock: Clock },
): void {
  if (perAddress === 0) return;
  const open = new Map<string, number>();
  const warnedAt = new Map<string, number>();
  server.on('connection', (socket: net.Socket) => {
    const address = socket.remoteAddress;
    // Gone before it could be counted.
    if (address === undefined) return;
    const held = open.get(address) ?? 0;
    if (held >= perAddress) {
      socket.destroy();
      const now = clock().getTime();
      if (now - (warnedAt.get(address) ?? Number.NEGATIVE_INFINITY) >= WARN_EVERY_MS) {
        warnedAt.set(address, now);
        logger.warn(
          { address, connections: held },
          'connections refused: this address holds CONNECTIONS_PER_ADDRESS connections already',
        );
      }
      return;
    }
    open.set(address, held + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) {
        open.set(address, left);
      } else {
        open.delete(address);
        warnedAt.delete(address);
      }
    });
  });
}
