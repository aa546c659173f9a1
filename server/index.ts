import { DataDirBusyError } from '#db/data-dir-lock.ts';
import { NewerSchemaError } from '#db/database.ts';
import { installLastResort } from '#server/ops/last-resort.ts';
import { ConfigError, loadConfig } from './config.ts';
import { createServer } from './create-server.ts';

// Reads the configuration, starts the server and stops it on a signal; everything else is in createServer.
let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Another server on this DATA_DIR, a database from a newer version, or a failed backup or migration: the
// database stays as it was, and the operator gets one line saying why.
let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer(config);
} catch (error) {
  const known = error instanceof DataDirBusyError || error instanceof NewerSchemaError;
  console.error(known ? error.message : `Cannot start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
const { logger } = server;
if (!config.secrets.clientDashboardPassword) logger.warn('CLIENT_DASHBOARD_PASSWORD unset: /dashboard sign-in is off');
if (!config.secrets.analyticsPassword) logger.warn('ANALYTICS_PASSWORD unset: /analytics sign-in is off');
if (!config.secrets.operatorPassword) logger.warn('OPERATOR_PASSWORD unset: /leads sign-in is off');

try {
  const port = await server.start();
  logger.info({ port, env: config.env, database: config.databaseFile }, `listening on http://localhost:${port}`);
} catch (error) {
  // A port in use or not allowed: nothing is served, so the process must end and say why.
  logger.fatal({ err: error }, 'could not listen');
  process.exit(1);
}
installLastResort(logger);

// Whatever still hangs after the shutdown deadline (a stuck worker, a database that will not close) must not
// keep a supervisor waiting: the process leaves anyway, with a failure code.
const FINAL_GRACE_MS = 5_000;
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  setTimeout(() => {
    logger.error('shutdown did not finish in time, exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs + FINAL_GRACE_MS).unref();
  await server.stop();
  logger.info('stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
