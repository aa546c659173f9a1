import { type BackupResult, takeBackup } from './backups.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { createDatabase, type DB } from './database.ts';
import { type Migrations, migrateToLatest, migrationState } from './migrator.ts';

export interface UpgradeResult {
  applied: string[];
  /** The copy taken before migrating, when there was an existing database to migrate. */
  backup?: BackupResult;
}

/**
 * What start-up and `npm run db:migrate` do: refuse a database newer than the code, back up an existing
 * database before its schema changes (`…-pre-migration.sqlite`), then migrate. A failed backup stops the
 * upgrade: no migration runs without a way back.
 */
export async function upgradeDatabase({
  db,
  databaseFile,
  backups,
  at,
  migrations,
}: {
  db: DB;
  databaseFile: string;
  backups: { dir: string; keep: number };
  /** Names the backup. */
  at: Date;
  migrations?: Migrations;
}): Promise<UpgradeResult> {
  const state = await migrationState(db, migrations);
  let backup: BackupResult | undefined;
  if (state.unknown.length === 0 && state.pending.length > 0 && state.applied.length > 0) {
    backup = await takeBackup({ databaseFile, dir: backups.dir, keep: backups.keep, at, kind: 'pre-migration' });
  }
  // migrateToLatest refuses a newer database itself, with the line the operator needs.
  const applied = await migrateToLatest(db, { migrations });
  return { applied, backup };
}

export interface OpenedDatabase extends UpgradeResult {
  db: DB;
  /** Held until its holder is done with the database: release it after destroying `db`. */
  lock: DataDirLock;
}

/**
 * How the server and `npm run db:migrate` open the database: the folder's lock first (one user of DATA_DIR at a
 * time), then the upgrade above. If either fails, nothing stays open or locked and the error is thrown.
 */
export async function openUpgradedDatabase({
  dataDir,
  databaseFile,
  backups,
  purpose,
  at,
}: {
  dataDir: string;
  databaseFile: string;
  backups: { dir: string; keep: number };
  purpose: 'server' | 'migration';
  /** Names the backup. */
  at: Date;
}): Promise<OpenedDatabase> {
  const lock = lockDataDir({ dataDir, databaseFile, purpose });
  let db: DB | undefined;
  try {
    db = createDatabase(databaseFile);
    return { db, lock, ...(await upgradeDatabase({ db, databaseFile, backups, at })) };
  } catch (error) {
    await db?.destroy();
    lock.release();
    throw error;
  }
}
