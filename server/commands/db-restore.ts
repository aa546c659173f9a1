import path from 'node:path';
import { DataDirBusyError } from '#db/data-dir-lock.ts';
import { RestoreRefusedError, restoreDatabase } from '#db/restore.ts';
import { loadConfig } from '#server/config.ts';
import { ErasureLedgerError } from '#server/leads/erasure-ledger.ts';
import { privacyStore } from '#server/leads/privacy-store.ts';
import { type ReappliedErasures, reapplyErasures } from '#server/leads/reapply-erasures.ts';

// `npm run db:restore <file>`: replaces the database in DATA_DIR with a backup, with the server stopped. The
// erasures made since the backup was taken are applied to it again before it takes the database's place.
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

function erasuresNote(reapplied: ReappliedErasures | undefined): string {
  if (!reapplied?.recorded) return `; no erasure recorded in ${config.dataDir}, so none was applied again`;
  return (
    `; erasures applied again: ${reapplied.recorded} in the ledger, ${reapplied.found} found in the backup, ` +
    `${reapplied.leads} lead(s) erased`
  );
}

const at = new Date();
let reapplied: ReappliedErasures | undefined;
try {
  const { keptAside, applied, removed } = await restoreDatabase({
    backupFile: path.resolve(file),
    dataDir: config.dataDir,
    databaseFile: config.databaseFile,
    backups: config.backups,
    at,
    prepare: async (db) => {
      reapplied = await reapplyErasures(db, privacyStore(db), at);
    },
  });
  const migrated = applied.length ? `; migrated it (${applied.join(', ')})` : '';
  const kept = keptAside[0] ? `; the previous database is kept as ${keptAside[0]}` : '';
  const rotated = removed.length ? `; removed ${removed.map((copy) => path.basename(copy)).join(', ')}` : '';
  console.log(
    `Restored ${config.databaseFile} from ${path.resolve(file)}${migrated}${erasuresNote(reapplied)}${kept}${rotated}`,
  );
} catch (error) {
  if (error instanceof RestoreRefusedError) console.error(error.message);
  else if (error instanceof DataDirBusyError || error instanceof ErasureLedgerError) {
    console.error(`Refusing to restore: ${error.message}`);
  } else throw error;
  process.exitCode = 1;
}
