import type { Server as HttpServer, IncomingMessage } from 'node:http';
import { Server } from 'socket.io';
import type { Logger } from '#server/logger.ts';
import type { SocketRefusal } from '#server/metrics/server-metrics.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import { refusalLog } from './refusal-log.ts';
import type { SocketSlots } from './socket-slots.ts';

// The only messages a browser sends are call joins of a few dozen bytes; anything much bigger closes the
// connection instead of being buffered (Socket.IO's default allows 1 MB).
export const MAX_SOCKET_MESSAGE_BYTES = 4_096;

export interface SocketOptions {
  siteUrl: string;
  logger: Logger;
  /** A handshake's client address as the HTTP side sees it (server/http/client-address.ts), so TRUST_PROXY applies. */
  clientAddress(req: IncomingMessage): string | undefined;
  /** Connections one client address may hold open at once. */
  socketsPerAddress: number;
  /** Where connections are counted (server/context.ts: memory, or a table PostgreSQL instances share). */
  slots: SocketSlots;
  /** Told of every refused handshake (the metrics count them); nothing by default. */
  onRefused?: (reason: SocketRefusal) => void;
  /** Paces the refusals' log lines. */
  clock?: Clock;
}

/** What is used here of an Engine.IO connection. */
interface EngineConnection {
  request: IncomingMessage;
  once(event: 'close', listener: () => void): void;
}

/**
 * Socket.IO on the same HTTP server. Only pages of this site may connect, and each client address may hold a
 * bounded number of connections. Every refusal is Engine.IO's own answer (403 to a polling handshake, 400 to a
 * WebSocket upgrade), never a thrown error.
 */
export function attachSocket(
  server: HttpServer,
  { siteUrl, logger, clientAddress, socketsPerAddress, slots, onRefused, clock = systemClock }: SocketOptions,
): Server {
  // SITE_URL is checked at start-up; the request's own Host proves nothing (DNS rebinding), so it is not used.
  const allowed = new URL(siteUrl).origin;
  const log = logger.child({ subsystem: 'socket' });
  // A client refused again and again is one line a minute, not one per refusal; the metrics count each.
  const logLine = refusalLog(clock);
  // Slots taken by handshakes that have not become connections yet, and how each is given back if it never does.
  const pending = new WeakMap<IncomingMessage, { release: () => void; onClose: () => void }>();

  /** The slot a handshake took, now the caller's to give back. */
  function claim(req: IncomingMessage): (() => void) | undefined {
    const slot = pending.get(req);
    if (!slot) return undefined;
    pending.delete(req);
    req.socket.off('close', slot.onClose);
    return slot.release;
  }

  /** Why a handshake is refused, or undefined when it may go on (holding a slot). */
  async function refusal(req: IncomingMessage): Promise<string | undefined> {
    // Compared as a string: `null` (sandboxed frames, file: pages), `file://` and garbage are simply not the site.
    // No Origin at all is a client that is no browser, so no page can be forging it.
    const origin = req.headers.origin;
    if (origin !== undefined && origin !== allowed) {
      onRefused?.('origin');
      log.debug({ origin }, 'socket handshake from another origin refused');
      return 'Origin not allowed';
    }
    const address = clientAddress(req);
    if (address === undefined) {
      onRefused?.('unknown_address');
      return 'Unknown client address';
    }
    const release = await slots.take(address);
    if (!release) {
      onRefused?.('too_many_connections');
      if (logLine.due(address)) {
        log.warn({ address, socketsPerAddress }, 'socket handshake refused: too many connections from this address');
      }
      return 'Too many connections from this address';
    }
    if (req.socket.destroyed) {
      release();
      return 'Connection closed';
    }
    // Until the handshake becomes a connection, the slot goes back with the TCP connection (a client that left,
    // a WebSocket upgrade that failed).
    const onClose = () => claim(req)?.();
    req.socket.once('close', onClose);
    pending.set(req, { release, onClose });
    return undefined;
  }

  const io = new Server(server, {
    serveClient: false,
    maxHttpBufferSize: MAX_SOCKET_MESSAGE_BYTES,
    allowRequest: (req, callback) => {
      // Engine.IO calls this from its request handler: whatever goes wrong must become a refusal, not a throw.
      refusal(req)
        .catch((error: unknown) => {
          onRefused?.('error');
          log.error({ err: error }, 'could not admit a socket handshake');
          return 'Please try again later';
        })
        .then((reason) => callback(reason ?? null, reason === undefined))
        .catch((error: unknown) => log.error({ err: error }, 'socket handshake failed'));
    },
  });
  io.engine.on('connection', (connection: EngineConnection) => {
    const release = claim(connection.request);
    if (release) connection.once('close', release);
  });
  // A handshake that was admitted but failed later on gives its slot back.
  io.engine.on('connection_error', (error: { req: IncomingMessage; message?: string }) => {
    claim(error.req)?.();
    log.debug({ reason: error.message }, 'socket handshake failed');
  });
  io.on('connection', (socket) =>
    log.debug({ id: socket.id, address: clientAddress(socket.request) }, 'socket connected'),
  );
  return io;
}
