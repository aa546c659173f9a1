import { loadConfig } from '#server/config.ts';
import { createDatabase, migrateToLatest } from './database.ts';

// `npm run db:migrate`: the same migrations the server runs at start-up.
const config = loadConfig();
const db = createDatabase(config.databaseFile);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} catch (error) {
  if (!(error instanceof Error)) throw error;
  // A newer database or a failed (rolled back) migration: one line says which.
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
