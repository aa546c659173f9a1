import http from 'node:http';
import type { Server as SocketServer } from 'socket.io';
import type { DB } from '#db/database.ts';
import type { CallEvents } from '#server/calls/call-events.ts';
import { bindCallRooms } from '#server/calls/call-rooms.ts';
import { clientAddressOf } from '#server/http/client-address.ts';
import {
  capConnectionsPerAddress,
  httpServerOptions,
  LARGEST_BODY_BYTES,
  refuseLargeBodies,
} from '#server/http/connection-limits.ts';
import { bindInboxRoom } from '#server/leads/inbox-room.ts';
import { metricsListener } from '#server/metrics/metrics-listener.ts';
import type { ServerMetrics } from '#server/metrics/server-metrics.ts';
import type { BackupSchedule } from '#server/ops/backup-schedule.ts';
import { attachSocket } from '#server/socket/socket.ts';
import { attachPostgresAdapter } from '#server/socket/socket-adapter.ts';
import { createApp, requestListener } from './app.ts';
import type { Config } from './config.ts';
import { type AppContext, type ContextOverrides, createContext } from './context.ts';
import type { Logger } from './logger.ts';

/** What a caller (a test, a benchmark) may bring instead of what the server builds from its config. */
export interface ServerOverrides extends ContextOverrides {
  /** Serves `/metrics` on this port of METRICS_HOST (0: a free one) whatever METRICS_PORT says; tests use it. */
  metricsPort?: number;
}

export interface PorchlightServer {
  /** What the HTTP server runs on each request (server/app.ts); tests drive it with supertest. */
  app: http.RequestListener;
  httpServer: http.Server;
  io: SocketServer;
  /** Every service the server runs (server/context.ts). */
  context: AppContext;
  db: DB;
  logger: Logger;
  /** Call status changes, as the socket rooms hear them. */
  callEvents: CallEvents;
  /** This server's Prometheus metrics (its own registry). */
  metrics: ServerMetrics;
  /** The backup schedule, when the server opened its own database. */
  backups: BackupSchedule | undefined;
  /** Where `/metrics` is served once started; undefined when it is not (METRICS_PORT unset). */
  metricsAddress(): { host: string; port: number } | undefined;
  /** Listens on HOST:PORT and starts the workers (outbox, local call driver, retention); resolves with the port. */
  start(): Promise<number>;
  /**
   * Stops accepting, gives requests in flight SHUTDOWN_TIMEOUT_MS to finish (then cuts them), stops the workers
   * and closes what the server opened itself. Safe whether or not it was started.
   */
  stop(): Promise<void>;
}

/**
 * The one place the server is put together: the context (database, services, workers), then the HTTP app and
 * Socket.IO over it. server/index.ts starts and stops it; tests build it with their own parts
 * (docs/decisions/0015-composition-root.md).
 */
export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<PorchlightServer> {
  const { metricsPort, ...contextOverrides } = overrides;
  const ctx = await createContext(config, contextOverrides);
  const { logger, metrics } = ctx;

  const app = createApp(ctx);
  const listener = requestListener(ctx, app);
  // Deadlines for a request's headers and body, and for an idle connection (server/http/connection-limits.ts).
  const httpServer = http.createServer(httpServerOptions(config.http), listener);
  const io = attachSocket(httpServer, {
    siteUrl: config.siteUrl,
    logger,
    clientAddress: clientAddressOf(config.trustProxy),
    socketsPerAddress: config.socketsPerAddress,
    slots: ctx.socketSlots,
    onRefused: metrics.socketRefused,
    clock: ctx.clock,
  });
  metrics.observe({ socketCount: () => io.engine.clientsCount });
  const unbindCallRooms = bindCallRooms(io, {
    calls: ctx.conversation,
    events: ctx.callEvents,
    logger,
    clock: ctx.clock,
  });
  const unbindInboxRoom = bindInboxRoom(io, {
    events: ctx.leadEvents,
    callEvents: ctx.callEvents,
    sessions: ctx.sessions,
    sessionSecret: ctx.sessionSecret,
    logger,
    clock: ctx.clock,
  });
  // Several instances on one PostgreSQL database: a room's pushes reach the sockets of every instance.
  const closeAdapter = config.databaseUrl ? await attachPostgresAdapter(io, config.databaseUrl, logger) : undefined;
  // A body larger than any route takes is refused unread, Socket.IO's requests included (it took the request
  // listeners over above); and one address holds at most CONNECTIONS_PER_ADDRESS connections.
  refuseLargeBodies(httpServer, {
    maxBytes: LARGEST_BODY_BYTES,
    headers: ctx.security.headersFor({ script: [], style: [] }),
  });
  capConnectionsPerAddress(httpServer, { perAddress: config.http.connectionsPerAddress, logger, clock: ctx.clock });

  let stopping: Promise<void> | undefined;
  // Once stopping, every answer closes its connection: keep-alive clients would otherwise go on sending new
  // requests over connections they already hold, and the drain would last until the deadline. Prepended, and
  // after Socket.IO (which takes over the request listeners), so it runs before any handler answers.
  httpServer.prependListener('request', (_req, res) => {
    if (stopping) res.setHeader('Connection', 'close');
  });
  // Every request on the public port is timed, Socket.IO's and the hot path's too: this listener runs first.
  httpServer.prependListener('request', metrics.timeRequest);
  const metricsAt =
    metricsPort === undefined ? config.metrics : { host: config.metrics?.host ?? '127.0.0.1', port: metricsPort };
  const metricsServer = metricsAt && metricsListener(metrics.registry, logger);
  let metricsBound: { host: string; port: number } | undefined;

  async function listen(): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.port, config.host, () => {
        httpServer.off('error', reject);
        resolve();
      });
    });
    const address = httpServer.address();
    return typeof address === 'object' && address ? address.port : config.port;
  }

  async function stop(): Promise<void> {
    // In-flight requests get a bounded time to finish; after that connections are cut.
    const deadline = setTimeout(() => {
      logger.warn('shutdown deadline passed, closing open connections');
      httpServer.closeAllConnections();
    }, config.shutdownTimeoutMs);
    deadline.unref();
    // io.close() stops accepting, disconnects sockets and closes the HTTP server once requests finish.
    await new Promise<void>((resolve) => io.close(() => resolve()));
    clearTimeout(deadline);
    unbindCallRooms();
    unbindInboxRoom();
    await closeAdapter?.();
    await metricsServer?.stop();
    await ctx.close();
  }

  return {
    app: listener,
    httpServer,
    io,
    context: ctx,
    db: ctx.db,
    logger,
    callEvents: ctx.callEvents,
    metrics,
    backups: ctx.backups,
    metricsAddress: () => metricsBound,
    async start() {
      const port = await listen();
      if (metricsServer && metricsAt) {
        metricsBound = { host: metricsAt.host, port: await metricsServer.start(metricsAt.host, metricsAt.port) };
        logger.info(metricsBound, `metrics on http://${metricsAt.host}:${metricsBound.port}/metrics`);
      }
      ctx.start();
      return port;
    },
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}
