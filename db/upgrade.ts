import { type BackupResult, takeBackup } from './backups.ts';
import type { DB } from './database.ts';
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
