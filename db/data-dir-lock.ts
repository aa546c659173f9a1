import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { z } from 'zod';

/** Held by the running server (and by a restore) in DATA_DIR, so that nothing swaps the database under it. */
export const LOCK_FILE = 'server.lock';

export interface LockHolder {
  pid: number;
  host: string;
  purpose: string;
  since: string;
}

/** Another process holds DATA_DIR; the message says which and what to do. */
export class DataDirBusyError extends Error {
  override name = 'DataDirBusyError';
}

export interface DataDirLock {
  file: string;
  /** Removes the lock file if it is still ours; safe to call twice. */
  release(): void;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

const holderSchema = z.object({
  pid: z.number().int().positive(),
  host: z.string(),
  purpose: z.string().default('server'),
  since: z.string().default(''),
});

/** Undefined for a missing, empty or damaged file (a process that died while writing it). */
function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = holderSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export type DatabaseProbe = 'absent' | 'in-use' | 'free' | 'unreadable';

/**
 * Whether another connection has the SQLite file open: SQLite's own file locks say so, across processes and
 * containers sharing a volume, where a pid from another container means nothing here. With `checkpoint`, a
 * free database also gets its WAL copied into the file, so the file alone holds every commit.
 */
export function probeDatabase(databaseFile: string, { checkpoint = false } = {}): DatabaseProbe {
  if (!fs.existsSync(databaseFile)) return 'absent';
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(databaseFile, { fileMustExist: true, timeout: 0 });
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    if (checkpoint) db.pragma('wal_checkpoint(TRUNCATE)');
    return 'free';
  } catch (error) {
    return error instanceof SQLite.SqliteError && /^SQLITE_(BUSY|LOCKED)/.test(error.code) ? 'in-use' : 'unreadable';
  } finally {
    db?.close();
  }
}

function describe(holder: LockHolder | undefined): string {
  if (!holder) return 'another process';
  return `a ${holder.purpose} (pid ${holder.pid}${holder.host === os.hostname() ? '' : ` on ${holder.host}`})`;
}

/** Why the lock left by `holder` still counts, or undefined when it is stale. */
function stillHeld(holder: LockHolder | undefined, databaseFile: string): string | undefined {
  const here = holder?.host === os.hostname();
  // Our own pid in the file means a previous life of this container or machine wrote it (pid 1 is common).
  if (holder && here && holder.pid !== process.pid && alive(holder.pid)) return describe(holder);
  if (probeDatabase(databaseFile) === 'in-use')
    return `${describe(holder)} that has ${path.basename(databaseFile)} open`;
  return undefined;
}

/**
 * Takes `DATA_DIR/server.lock` (created exclusively, with our pid), or throws DataDirBusyError naming the
 * holder. A lock left by a process that died (kill -9, power cut) is taken over: its pid is gone on this
 * host, or, from another host or container, nobody has the database open.
 */
export function lockDataDir({
  dataDir,
  databaseFile,
  purpose,
  now = new Date(),
}: {
  dataDir: string;
  databaseFile: string;
  purpose: 'server' | 'restore' | 'migration';
  now?: Date;
}): DataDirLock {
  // Start-up creates DATA_DIR here, before the database: it holds leads' personal data, so only the server's own
  // user may open it (0700, like the backups' folder); an existing folder, such as a volume, keeps its owner's choice.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const me: LockHolder = { pid: process.pid, host: os.hostname(), purpose, since: now.toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o600);
      try {
        fs.writeSync(fd, `${JSON.stringify(me)}\n`);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      let released = false;
      return {
        file,
        release() {
          if (released) return;
          released = true;
          const holder = readHolder(file);
          if (holder?.pid === me.pid && holder.host === me.host && holder.since === me.since) fs.rmSync(file);
        },
      };
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    }
    const holder = readHolder(file);
    const held = stillHeld(holder, databaseFile);
    if (held) {
      throw new DataDirBusyError(
        `${dataDir} is in use by ${held}; stop it first (if nothing is running there, delete ${file})`,
      );
    }
    fs.rmSync(file, { force: true });
  }
  throw new DataDirBusyError(`${dataDir} is being locked by another process at the same time; try again`);
}
