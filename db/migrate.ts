import { loadConfig } from '#server/config.ts';
import { DataDirBusyError, lockDataDir } from './data-dir-lock.ts';
import { createDatabase, migrateToLatest } from './database.ts';
import { createPostgresDatabase } from './postgres.ts';
import { upgradeDatabase } from './upgrade.ts';

// `npm run db:migrate`: what the server does at start-up (backup first, refuse a newer database), and never
// under a running server, whose code would not match the new schema.
const config = loadConfig();
if (config.databaseUrl) {
  // PostgreSQL: no file to lock or copy; Kysely's advisory lock keeps two runs from migrating at once.
  const db = createPostgresDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(db);
    console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
  } catch (error) {
    if (!(error instanceof Error)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
  process.exit();
}
let lock: ReturnType<typeof lockDataDir>;
try {
  lock = lockDataDir({ dataDir: config.dataDir, databaseFile: config.databaseFile, purpose: 'migration' });
} catch (error) {
  if (!(error instanceof DataDirBusyError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const db = createDatabase(config.databaseFile);
try {
  const { applied, backup } = await upgradeDatabase({
    db,
    databaseFile: config.databaseFile,
    backups: config.backups,
    at: new Date(),
  });
  if (backup) console.log(`Backed up to ${backup.file} before migrating`);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} catch (error) {
  if (!(error instanceof Error)) throw error;
  // A newer database, a failed backup or a failed (rolled back) migration: one line says which.
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
  lock.release();
}
