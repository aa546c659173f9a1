import fs from 'node:fs';
import path from 'node:path';
import { DataDirBusyError, lockDataDir, probeDatabase } from './data-dir-lock.ts';
import { checkBackupFile } from './database-check.ts';
import { fileStamp, fsyncDir, fsyncFile, removeDatabaseFiles } from './durable-files.ts';
import type { Migrations } from './migrator.ts';
import { schemaProblem } from './schema-check.ts';

/** The backup file cannot stand in for the database; the message says why. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreResult {
  /** Files of the previous database, kept under `<database>.before-restore-<time>`. */
  keptAside: string[];
  /** Migrations the restored database has; the server applies newer ones at start-up. */
  migrations: string[];
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
 * nothing may have DATA_DIR locked or the database open. The
 * current database (WAL checkpointed in first, or moved with it when it cannot be) is kept aside; the backup
 * is copied next to it, flushed and renamed over it, so the database is at every moment the old or the new.
 */
export async function restoreDatabase({
  backupFile,
  dataDir,
  databaseFile,
  at,
  migrations,
}: {
  backupFile: string;
  dataDir: string;
  databaseFile: string;
  /** Names the kept-aside files. */
  at: Date;
  migrations?: Migrations;
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
      return { keptAside, migrations: check.migrations };
    } finally {
      removeDatabaseFiles(partial);
    }
  } finally {
    lock.release();
  }
}
