import path from 'node:path';
import { DataDirBusyError } from '#db/data-dir-lock.ts';
import { RestoreRefusedError, restoreDatabase } from '#db/restore.ts';
import { loadConfig } from '#server/config.ts';

// `npm run db:restore <file>`: replaces the database in DATA_DIR with a backup, with the server stopped.
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run db:restore <backup file>');
  process.exit(1);
}
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: restore PostgreSQL with pg_restore or its point-in-time recovery instead');
  process.exit(1);
}
try {
  const { keptAside } = await restoreDatabase({
    backupFile: path.resolve(file),
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    at: new Date(),
  });
  const kept = keptAside[0] ? `; the previous database is kept as ${keptAside[0]}` : '';
  console.log(`Restored ${config.databaseFile} from ${path.resolve(file)}${kept}`);
} catch (error) {
  if (error instanceof RestoreRefusedError) console.error(error.message);
  else if (error instanceof DataDirBusyError) console.error(`Refusing to restore: ${error.message}`);
  else throw error;
  process.exitCode = 1;
}
