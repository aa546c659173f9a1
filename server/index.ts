import http from 'node:http';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { systemClock } from '#shared/clock.ts';
import { createApp } from './app.ts';
import { startCallRuntime } from './calls/call-runtime.ts';
import { clientAddressOf } from './client-address.ts';
import { ConfigError, loadConfig } from './config.ts';
import { installLastResort } from './last-resort.ts';
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
const db = createDatabase(config.databaseFile);
const applied = await migrateToLatest(db);
if (applied.length) logger.info({ migrations: applied }, 'database migrated');

// Retention: old visits, expired sessions and old leads go now and once a day.
const maintenance = scheduleMaintenance({
  db,
  clock: systemClock,
  logger,
  retentionDays: config.visits.retentionDays,
  leadRetentionDays: config.leads.retentionDays,
});
if (!config.secrets.clientDashboardPassword) logger.warn('CLIENT_DASHBOARD_PASSWORD unset: /dashboard sign-in is off');
if (!config.secrets.analyticsPassword) logger.warn('ANALYTICS_PASSWORD unset: /analytics sign-in is off');
if (!config.secrets.operatorPassword) logger.warn('OPERATOR_PASSWORD unset: /leads sign-in is off');

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
  onRetryRequested: calls.onRetryRequested,
});
const server = http.createServer(app);
const io = attachSocket(server, {
  siteUrl: config.siteUrl,
  logger,
  clientAddress: clientAddressOf(app),
  socketsPerAddress: config.socketsPerAddress,
});
calls.bindSocket(io);

// A port in use or not allowed: nothing is served, so the process must end and say why.
const cannotListen = (error: Error) => {
  logger.fatal({ err: error }, 'could not listen');
  process.exit(1);
};
server.once('error', cannotListen);
server.listen(config.port, config.host, () => {
  server.off('error', cannotListen);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, env: config.env, database: config.databaseFile }, `listening on http://localhost:${port}`);
  installLastResort(logger);
});

// Time given to closing the workers and the database once the HTTP server is closed.
const FINAL_GRACE_MS = 5_000;
let stopping = false;
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
  await calls.stop();
  await db.destroy();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
