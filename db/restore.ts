import fs from 'node:fs';
import path from 'node:path';
import { migrations as knownMigrations } from '#db/migrations/index.ts';
import { rotateCopies } from './backups.ts';
import { DataDirBusyError, lockDataDir, probeDatabase } from './data-dir-lock.ts';
import { checkpoint, createDatabase, type DB } from './database.ts';
import { checkBackupFile } from './database-check.ts';
import { fileStamp, fsyncDir, fsyncFile, removeDatabaseFiles } from './durable-files.ts';
import { type Migrations, migrateToLatest } from './migrator.ts';
import { schemaProblem } from './schema-check.ts';

/** The backup file cannot stand in for the database; the message says why. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreResult {
  /** Files of the previous database, kept under `<database>.before-restore-<time>`. */
  keptAside: string[];
  /** Migrations the backup had. */
  migrations: string[];
  /** Migrations the restore applied to bring it up to this version. */
  applied: string[];
  /** Older copies removed by rotation (db/backups.ts rotateCopies), earlier kept-aside databases among them. */
  removed: string[];
}

/** Keeps `file` under `target` without a moment where `file` is missing: a hard link, or a copy. */
function keepAside(file: string, target: string): void {
  try {
    fs.linkSync(file, target);
  } catch {
    fs.copyFileSync(file, target, fs.constants.COPYFILE_EXCL);
  }
}

/**
 * Replaces the database with `backupFile`, or refuses: the backup must pass the integrity check, be a Porchlight
 * database this version knows, with exactly the tables, indexes, triggers and views its migrations make, and
 * nothing may have DATA_DIR locked or the database open. The backup is copied next to the database, migrated to
 * this version, handed to `prepare` (which re-applies the erasures made since, server/commands/db-restore.ts),
 * flushed, and only then renamed over the database, so the database is at every moment the old or the finished
 * new one. The current database (WAL checkpointed in first, or moved with it when it cannot be) is kept aside, and
 * every kind of copy is rotated under `backups.keep`.
 */
export async function restoreDatabase({
  backupFile,
  dataDir,
  databaseFile,
  backups,
  at,
  migrations = knownMigrations,
  prepare,
}: {
  backupFile: string;
  dataDir: string;
  databaseFile: string;
  /** BACKUP_DIR and BACKUP_KEEP: the kept-aside databases are rotated with the backups. */
  backups: { dir: string; keep: number };
  /** Names the kept-aside files. */
  at: Date;
  migrations?: Migrations;
  /** Runs on the restored copy, migrated, before it replaces the database; throwing refuses the restore. */
  prepare?: (db: DB) => Promise<void>;
}): Promise<RestoreResult> {
  // A raw copy of a live database may have commits only in its WAL, which the copy below would leave out.
  if (fs.existsSync(`${backupFile}-wal`) && fs.statSync(`${backupFile}-wal`).size > 0) {
    throw new RestoreRefusedError(
      `Refusing to restore: ${backupFile} has a write-ahead log beside it (${path.basename(backupFile)}-wal); ` +
        'use a file made by npm run db:backup, or checkpoint that one first',
    );
  }
  const check = checkBackupFile(backupFile, migrations);
  if (!check.ok) throw new RestoreRefusedError(`Refusing to restore: ${check.problem}`);
  if (path.resolve(backupFile) === path.resolve(databaseFile)) {
    throw new RestoreRefusedError('Refusing to restore: that file is the database itself');
  }
  // A trigger or view added to a backup would run inside the server on every lead it touches.
  const schema = await schemaProblem(backupFile, check.migrations, migrations);
  if (schema) {
    throw new RestoreRefusedError(
      `Refusing to restore: ${backupFile} ${schema}; a backup whose schema is not what its migrations make is never restored`,
    );
  }

  const lock = lockDataDir({ dataDir, databaseFile, purpose: 'restore', now: at });
  try {
    if (probeDatabase(databaseFile, { checkpoint: true }) === 'in-use') {
      throw new DataDirBusyError(
        `${path.basename(databaseFile)} is open in another process (a server, or a backup in progress); stop it first`,
      );
    }
    const stamp = fileStamp(at);
    const partial = path.join(path.dirname(databaseFile), `.${path.basename(databaseFile)}.restore-${stamp}.partial`);
    const aside = `${databaseFile}.before-restore-${stamp}`;
    try {
      fs.copyFileSync(backupFile, partial, fs.constants.COPYFILE_EXCL);
      fs.chmodSync(partial, 0o600);
      const applied = await finishCopy(partial, migrations, prepare);
      fsyncFile(partial);
      const keptAside: string[] = [];
      if (fs.existsSync(databaseFile)) {
        keepAside(databaseFile, aside);
        keptAside.push(aside);
      }
      // A log the old database could not be checkpointed from goes with it: SQLite would replay it into the
      // restored file. The shared-memory index is rebuilt from the log whenever needed, so it is dropped.
      for (const suffix of ['-wal', '-journal']) {
        if (!fs.existsSync(`${databaseFile}${suffix}`)) continue;
        fs.renameSync(`${databaseFile}${suffix}`, `${aside}${suffix}`);
        keptAside.push(`${aside}${suffix}`);
      }
      fs.rmSync(`${databaseFile}-shm`, { force: true });
      fs.renameSync(partial, databaseFile);
      fsyncDir(path.dirname(databaseFile));
      const removed = rotateCopies({ dir: backups.dir, databaseFile, keep: backups.keep });
      return { keptAside, migrations: check.migrations, applied, removed };
    } finally {
      removeDatabaseFiles(partial);
    }
  } finally {
    lock.release();
  }
}

/**
 * Brings the copy up to this version and runs `prepare` on it, then checkpoints and closes it, so the file alone
 * holds the result. A failed migration refuses the restore.
 */
async function finishCopy(
  partial: string,
  migrations: Migrations,
  prepare: ((db: DB) => Promise<void>) | undefined,
): Promise<string[]> {
  const db = createDatabase(partial);
  try {
    let applied: string[];
    try {
      applied = await migrateToLatest(db, { migrations });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new RestoreRefusedError(`Refusing to restore: the backup cannot be brought up to this version: ${reason}`);
    }
    await prepare?.(db);
    await checkpoint(db);
    return applied;
  } finally {
    await db.destroy();
  }
}
