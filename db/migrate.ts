import { loadConfig } from '#server/config.ts';
import { createDatabase, migrateToLatest } from './database.ts';

// `npm run db:migrate`: the same migrations the server runs at start-up.
const config = loadConfig();
const db = createDatabase(config.databaseFile);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied ${applied.join(', ')}` : 'Database is up to date');
} finally {
  await db.destroy();
}
