import path from 'node:path';
import { takeBackup } from '#db/backups.ts';
import { loadConfig } from '#server/config.ts';

// `npm run db:backup`: one backup now, into BACKUP_DIR (or DATA_DIR/backups), while the server runs or not.
const config = loadConfig();
if (config.databaseUrl) {
  console.error('DATABASE_URL is set: back PostgreSQL up with pg_dump or its point-in-time recovery instead');
  process.exit(1);
}
try {
  const backup = await takeBackup({
    databaseFile: config.databaseFile,
    dir: config.backups.dir,
    keep: config.backups.keep,
    at: new Date(),
  });
  const removed = backup.removed.length
    ? `; removed ${backup.removed.map((file) => path.basename(file)).join(', ')}`
    : '';
  console.log(`Backed up to ${backup.file} (${backup.bytes} bytes, ${backup.ms} ms, integrity ok)${removed}`);
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
