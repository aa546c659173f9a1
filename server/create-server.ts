import http from 'node:http';
import type { Express } from 'express';
import type { Server as SocketServer } from 'socket.io';
import type { DataDirLock } from '#db/data-dir-lock.ts';
import { checkpoint, type DB, migrateToLatest } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';
import { createPostgresDatabase } from '#db/postgres.ts';
import { openUpgradedDatabase } from '#db/upgrade.ts';
import type { CallEvents } from '#server/calls/call-events.ts';
import { createCallRuntime } from '#server/calls/call-runtime.ts';
import { clientAddressOf } from '#server/http/client-address.ts';
import { metricsListener } from '#server/metrics/metrics-listener.ts';
import { createServerMetrics, type ServerMetrics } from '#server/metrics/server-metrics.ts';
import { type BackupSchedule, scheduleBackups } from '#server/ops/backup-schedule.ts';
import { scheduleMaintenance } from '#server/ops/maintenance.ts';
import { outboxBacklog } from '#server/outbox/outbox-store.ts';
import { createPageCache, PAGE_CACHE_TTL_MS, type PageCache } from '#server/pages/page-cache.ts';
import { developmentPages, type PageSource, productionPages } from '#server/pages/page-source.ts';
import { keepPagesWarm, type PageWarmer } from '#server/pages/page-warmer.ts';
import { fillPage } from '#server/pages/ssr.ts';
import { attachSocket } from '#server/socket/socket.ts';
import { attachPostgresAdapter } from '#server/socket/socket-adapter.ts';
import { postgresSocketSlots, type SocketSlots } from '#server/socket/socket-slots.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import { pageKeyOf } from '#shared/page-query.ts';
import { type AppDeps, createApp, requestListener } from './app.ts';
import { type Config, publicConfig } from './config.ts';
import { createLogger, type Logger } from './logger.ts';

/** What a caller (a test, a benchmark) may bring instead of what the server builds from its config. */
export interface ServerOverrides extends Partial<Omit<AppDeps, 'config' | 'db' | 'pages' | 'metrics'>> {
  /**
   * An open, migrated database; by default PostgreSQL at DATABASE_URL when set, else the SQLite file in
   * DATA_DIR, locked for this server, backed up and migrated on the way, with scheduled backups while it runs.
   */
  db?: DB;
  /** By default the production build (production) or Vite (development). */
  pages?: PageSource;
  /** Where socket connections per address are counted; by default PostgreSQL's table or this process's memory. */
  socketSlots?: SocketSlots;
  /** Serves `/metrics` on this port of METRICS_HOST (0: a free one) whatever METRICS_PORT says; tests use it. */
  metricsPort?: number;
}

export interface PorchlightServer {
  app: Express;
  httpServer: http.Server;
  io: SocketServer;
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

interface OwnDatabase {
  db: DB;
  /** SQLite only: the file's lock and backups (PostgreSQL has its own tools, README "PostgreSQL"). */
  sqlite?: { lock: DataDirLock; backups: BackupSchedule };
}

/** PostgreSQL at DATABASE_URL, migrated; instances starting together migrate once (db/migrator.ts). */
async function openPostgres(url: string, logger: Logger): Promise<OwnDatabase> {
  const db = createPostgresDatabase(url, {
    onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection failed'),
  });
  try {
    const applied = await migrateToLatest(db);
    if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db };
}

/**
 * One server per DATA_DIR (a restore or a second server refuses while it runs); the file is backed up before
 * any migration, and a downgrade or a failed migration leaves it as it was (db/upgrade.ts). Throws with a line
 * for the operator; nothing stays open then.
 */
async function openOwnDatabase(
  config: Config,
  logger: Logger,
  clock: Clock,
  metrics: ServerMetrics,
): Promise<OwnDatabase> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, logger);
  const { db, lock, applied, backup } = await openUpgradedDatabase({
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    backups: config.backups,
    purpose: 'server',
    at: clock(),
  });
  if (backup) {
    logger.info({ file: backup.file, bytes: backup.bytes, ms: backup.ms }, 'database backed up before migrating');
    metrics.backup('success');
  }
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
  const backups = scheduleBackups({
    config: config.backups,
    databaseFile: config.databaseFile,
    clock,
    logger,
    onBackup: metrics.backup,
  });
  return { db, sqlite: { lock, backups } };
}

/** The sitemap's pages in the cache from the start, renewed before they are stale (server/pages/page-warmer.ts). */
function warmPages(cache: PageCache, pages: PageSource, config: Config, onError: (error: unknown) => void) {
  const pagePublicConfig = publicConfig(config);
  return keepPagesWarm({
    paths: async () => (await pages.serverModule()).indexablePages().map((page) => page.path),
    fill(path) {
      const url = new URL(path, config.siteUrl);
      return fillPage(cache, pageKeyOf(url), url, { pages, publicConfig: pagePublicConfig, onError, early: true });
    },
    roundMs: PAGE_CACHE_TTL_MS / 6,
    onError,
  });
}

function noDatabase(): never {
  throw new Error('no database');
}

/**
 * The one place the server is put together: database, pages, the HTTP app, Socket.IO and the background
 * workers. server/index.ts starts and stops it; tests build it with their own parts (docs/decisions).
 */
export async function createServer(config: Config, overrides: ServerOverrides = {}): Promise<PorchlightServer> {
  const { db: givenDb, pages: givenPages, socketSlots, metricsPort, ...appOverrides } = overrides;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  // Read at each scrape; the metrics listener opens in start(), once everything below exists.
  const metrics = createServerMetrics({
    clock,
    logger,
    outboxBacklog: () => outboxBacklog(db),
    socketCount: () => io.engine.clientsCount,
    backupStatus: () => backupStatus?.() ?? { intervalHours: 0, last: null, lastFailure: null },
  });
  const own = givenDb ? undefined : await openOwnDatabase(config, logger, clock, metrics);
  const db: DB = givenDb ?? own?.db ?? noDatabase();
  const backupStatus = appOverrides.backupStatus ?? own?.sqlite?.backups.status;
  const pages = givenPages ?? (config.isProduction ? await productionPages() : await developmentPages());

  const renderFailed = (error: unknown) => logger.error({ err: error }, 'page cache render failed');
  const pageCache =
    appOverrides.pageCache ?? (config.isProduction ? createPageCache({ clock, onError: renderFailed }) : undefined);

  const calls = createCallRuntime({ config, db, logger, clock, callEvents: overrides.callEvents, metrics });
  const app = createApp({
    ...appOverrides,
    config,
    db,
    logger,
    clock,
    pages,
    pageCache,
    callEvents: calls.callEvents,
    backupStatus,
    metrics,
    onRetryRequested: appOverrides.onRetryRequested ?? calls.onRetryRequested,
    // The outbox worker is woken; a caller's own listener (a test's) is told too.
    onLeadQueued: () => {
      calls.onLeadQueued();
      appOverrides.onLeadQueued?.();
    },
  });
  // Built assets and cached pages are answered before Express is entered (server/pages/hot-path.ts).
  const httpServer = http.createServer(requestListener(app));
  // Several instances on one PostgreSQL database count one set of connections per address.
  const sharedSlots =
    socketSlots || !isPostgres(db)
      ? undefined
      : postgresSocketSlots(db, { perAddress: config.socketsPerAddress, clock, logger });
  const io = attachSocket(httpServer, {
    siteUrl: config.siteUrl,
    logger,
    clientAddress: clientAddressOf(app),
    socketsPerAddress: config.socketsPerAddress,
    slots: socketSlots ?? sharedSlots,
  });
  calls.bindSocket(io);
  // Several instances on one PostgreSQL database: a room's pushes reach the sockets of every instance.
  const closeAdapter = config.databaseUrl ? await attachPostgresAdapter(io, config.databaseUrl, logger) : undefined;

  let maintenance: ReturnType<typeof scheduleMaintenance> | undefined;
  let warmer: PageWarmer | undefined;
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
    await warmer?.stop();
    await sharedSlots?.stop();
    await closeAdapter?.();
    await metricsServer?.stop();
    await maintenance?.stop();
    // The outbox's delivery in flight finishes and is recorded; a backup under way finishes too.
    await calls.stop();
    if (!givenPages) await pages.close();
    if (own?.sqlite) {
      await own.sqlite.backups.stop();
      // The file alone then holds every commit: nothing is left for the next start to replay from the WAL.
      const checkpointed = await checkpoint(own.db).catch((error: unknown) => {
        logger.warn({ err: error }, 'the WAL could not be checkpointed');
        return true;
      });
      if (!checkpointed) logger.warn('the WAL could not be checkpointed completely');
    }
    if (own) {
      await own.db.destroy();
      own.sqlite?.lock.release();
    }
  }

  return {
    app,
    httpServer,
    io,
    db,
    logger,
    callEvents: calls.callEvents,
    metrics,
    backups: own?.sqlite?.backups,
    metricsAddress: () => metricsBound,
    async start() {
      const port = await listen();
      if (metricsServer && metricsAt) {
        metricsBound = { host: metricsAt.host, port: await metricsServer.start(metricsAt.host, metricsAt.port) };
        logger.info(metricsBound, `metrics on http://${metricsAt.host}:${metricsBound.port}/metrics`);
      }
      calls.start();
      if (pageCache) warmer = warmPages(pageCache, pages, config, renderFailed);
      // Retention: old visits and expired sessions go now and once a day.
      maintenance = scheduleMaintenance({
        db,
        clock,
        logger,
        retentionDays: config.visits.retentionDays,
        leadRetentionDays: config.leads.retentionDays,
      });
      return port;
    },
    stop() {
      stopping ??= stop();
      return stopping;
    },
  };
}
