import { createAdapter } from '@socket.io/postgres-adapter';
import pg from 'pg';
import type { Server } from 'socket.io';
import type { Logger } from '#server/logger.ts';

// How long start-up waits for the adapter's LISTEN; the database has just answered the migration, so this is
// only ever reached when it went away meanwhile (the adapter then keeps retrying on its own).
const LISTEN_TIMEOUT_MS = 10_000;

/** The part of the adapter's own state that says its LISTEN connection is up (it has no event for that). */
interface AdapterState {
  client?: { client?: unknown };
}

/**
 * Socket.IO's PostgreSQL adapter: what one instance emits to a room (a call status change heard from a hook) is
 * passed on with NOTIFY to every instance on the database, each emitting it to its own sockets in that room.
 * It has its own small pool: one connection held for LISTEN, one for NOTIFY and its clean-up. Broadcasts too
 * big for a NOTIFY go through its table, made by db/migrations/0009-shared-limits.ts.
 *
 * Resolves once it listens (a connection still being opened when the server stops would never be given back),
 * with what closes its pool after `io` is closed (which closes the adapter).
 */
export async function attachPostgresAdapter(io: Server, url: string, logger: Logger): Promise<() => Promise<void>> {
  const log = logger.child({ subsystem: 'socket-adapter' });
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  // A connection the server drops (a restart, a failover) must not crash the process: the adapter listens again.
  pool.on('error', (error) => log.warn({ err: error }, 'a socket adapter connection failed'));
  io.adapter(createAdapter(pool, { errorHandler: (error) => log.warn({ err: error }, 'socket adapter error') }));
  const state = io.of('/').adapter as unknown as AdapterState;
  const deadline = Date.now() + LISTEN_TIMEOUT_MS;
  while (!state.client?.client) {
    if (Date.now() > deadline) {
      log.warn('the socket adapter is not listening yet: other instances’ pushes arrive once it is');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return () => pool.end();
}
