import http from 'node:http';
import { DataDirBusyError, type DataDirLock, lockDataDir } from '#db/data-dir-lock.ts';
import { checkpoint, createDatabase, NewerSchemaError } from '#db/database.ts';
import { upgradeDatabase } from '#db/upgrade.ts';
import { systemClock } from '#shared/clock.ts';
import { createApp } from './app.ts';
import { scheduleBackups } from './backup-schedule.ts';
import { startCallRuntime } from './calls/call-runtime.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { developmentPages, productionPages } from './pages.ts';
import { attachSocket } from './socket.ts';

// Starts and stops; everything else is composed in createApp (STYLE §1).
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(config.logLevel);
// One server per DATA_DIR: a restore (or a second server) refuses while this one runs. Released on any exit.
let lock: DataDirLock;
try {
  lock = lockDataDir({ dataDir: config.dataDir, databaseFile: config.databaseFile, purpose: 'server' });
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
process.on('exit', () => lock.release());

const db = createDatabase(config.databaseFile);
try {
  const { applied, backup } = await upgradeDatabase({
    db,
    databaseFile: config.databaseFile,
    backups: config.backups,
    at: systemClock(),
  });
  if (backup)
    logger.info({ file: backup.file, bytes: backup.bytes, ms: backup.ms }, 'database backed up before migrating');
  if (applied.length) logger.info({ migrations: applied }, 'database migrated');
} catch (error) {
  // A downgrade, a failed pre-migration backup or a failed migration: the database stays as it was.
  console.error(
    error instanceof NewerSchemaError
      ? error.message
      : `Cannot start: ${error instanceof Error ? error.message : error}`,
  );
  await db.destroy();
  process.exit(1);
}
const backups = scheduleBackups({
  config: config.backups,
  databaseFile: config.databaseFile,
  clock: systemClock,
  logger,
});

// Retention: old visits and expired sessions go now and once a day.
const maintenance = scheduleMaintenance({ db, clock: systemClock, logger, retentionDays: config.visits.retentionDays });
if (!config.secrets.clientDashboardPassword) logger.warn('CLIENT_DASHBOARD_PASSWORD unset: /dashboard sign-in is off');
if (!config.secrets.analyticsPassword) logger.warn('ANALYTICS_PASSWORD unset: /analytics sign-in is off');

const pages = config.isProduction ? await productionPages() : await developmentPages();
// Outbox worker, local call driver (when no automation is configured) and call rooms (issue 6).
const calls = startCallRuntime({ config, db, logger, clock: systemClock });
const app = createApp({
  config,
  db,
  logger,
  pages,
  callEvents: calls.callEvents,
  onLeadQueued: calls.onLeadQueued,
  backupStatus: backups.status,
});
const server = http.createServer(app);
const io = attachSocket(server, { siteUrl: config.siteUrl, logger });
calls.bindSocket(io);

server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, env: config.env, database: config.databaseFile }, `listening on http://localhost:${port}`);
});

// Time given to closing the workers and the database once the HTTP server is closed.
const FINAL_GRACE_MS = 5_000;
let stopping = false;
// Once stopping, every answer closes its connection: keep-alive clients would otherwise go on sending new
// requests over connections they already hold, and the drain would last until the deadline. Prepended, and
// after Socket.IO (which takes over the request listeners), so it runs before any handler answers.
server.prependListener('request', (_req, res) => {
  if (stopping) res.setHeader('Connection', 'close');
});
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  // In-flight requests get a bounded time to finish; after that connections are cut.
  const deadline = setTimeout(() => {
    logger.warn('shutdown deadline passed, closing open connections');
    server.closeAllConnections();
  }, config.shutdownTimeoutMs);
  deadline.unref();
  // Whatever still hangs after that (a stuck worker, a database that will not close) must not keep a
  // supervisor waiting: the process leaves anyway, with a failure code.
  setTimeout(() => {
    logger.error('shutdown did not finish in time, exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + FINAL_GRACE_MS).unref();
  // io.close() stops accepting, disconnects sockets and closes the HTTP server once requests finish.
  await new Promise<void>((resolve) => io.close(() => resolve()));
  clearTimeout(deadline);
  await pages.close();
  await maintenance.stop();
  // The outbox's delivery in flight finishes and is recorded; a backup under way finishes too.
  await calls.stop();
  await backups.stop();
  // The file alone then holds every commit: nothing is left for the next start to replay from the WAL.
  if (!(await checkpoint(db))) logger.warn('the WAL could not be checkpointed completely');
  await db.destroy();
  lock.release();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
