import { migrateToLatest } from '#db/database.ts';
import { createPostgresDatabase } from '#db/postgres.ts';
import { openUpgradedDatabase } from '#db/upgrade.ts';
import { loadConfig } from '#server/config.ts';

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
try {
  const { db, lock, applied, backup } = await openUpgradedDatabase({
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    backups: config.backups,
    purpose: 'migration',
    at: new Date(),
  });
  await db.destroy();
  lock.release();
  if (backup) console.log(`Backed up to ${backup.file} before migrating`);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} catch (error) {
  if (!(error instanceof Error)) throw error;
  // A running server, a newer database, a failed backup or a failed (rolled back) migration: one line says which.
  console.error(error.message);
  process.exitCode = 1;
}
