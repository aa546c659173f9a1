import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { integrityProblem } from './database-check.ts';
import { fileStamp, fsyncDir, fsyncFile, removeDatabaseFiles } from './durable-files.ts';

/** `regular`: on the schedule or by `npm run db:backup`. `pre-migration`: taken just before an upgrade. */
export type BackupKind = 'regular' | 'pre-migration';

export interface BackupFile {
  file: string;
  at: Date;
  kind: BackupKind;
}

export interface BackupResult extends BackupFile {
  bytes: number;
  /** Copy and integrity check together. */
  ms: number;
  /** Of which the integrity check. */
  checkMs: number;
  /** Older copies removed by rotation (db/backups.ts rotateCopies). */
  removed: string[];
}

export interface CopyResult {
  file: string;
  checkMs: number;
}

const NAME = /^porchlight-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(-pre-migration)?\.sqlite$/;

/** `porchlight-20261123T153000Z.sqlite`, or `…Z-pre-migration.sqlite`: names sort in time order. */
export function backupFileName(at: Date, kind: BackupKind = 'regular'): string {
  return `porchlight-${fileStamp(at)}${kind === 'pre-migration' ? '-pre-migration' : ''}.sqlite`;
}

function parseBackupName(name: string): Omit<BackupFile, 'file'> | undefined {
  const match = NAME.exec(name);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, pre] = match;
  return { at: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`), kind: pre ? 'pre-migration' : 'regular' };
}

/** The backups in `dir`, oldest first; other files are ignored. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const parsed = parseBackupName(name);
      return parsed ? [{ file: path.join(dir, name), ...parsed }] : [];
    });
}

/** Keeps the newest `keep` backups of `kind` and deletes the others; returns what it deleted. */
function rotateBackups(dir: string, keep: number, kind: BackupKind): string[] {
  const ofKind = listBackups(dir).filter((backup) => backup.kind === kind);
  const removed = ofKind.slice(0, Math.max(0, ofKind.length - keep)).map((backup) => backup.file);
  for (const file of removed) fs.rmSync(file, { force: true });
  return removed;
}

/** A database that `npm run db:restore` replaced, kept beside it as `<database>.before-restore-<time>`. */
export interface KeptAsideFile {
  file: string;
  at: Date;
}

const STAMP = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/** The databases restores kept aside beside `databaseFile`, oldest first (their -wal and -journal not listed). */
export function listKeptAside(databaseFile: string): KeptAsideFile[] {
  const dir = path.dirname(databaseFile);
  const prefix = `${path.basename(databaseFile)}.before-restore-`;
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const match = name.startsWith(prefix) ? STAMP.exec(name.slice(prefix.length)) : null;
      if (!match) return [];
      const [, y, mo, d, h, mi, s] = match;
      return [{ file: path.join(dir, name), at: new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`) }];
    });
}

/**
 * Rotation of every kind of copy, so that none outlives the backup window: an erased person stays in the copies
 * taken before the erasure until they go (docs/product-rules.md#privacy-requests). Each kind (scheduled,
 * pre-migration, before-restore) keeps its newest `keep`; and once `keep` scheduled backups exist, a
 * pre-migration or before-restore copy older than all of them goes too, as a scheduled backup of its age would
 * have. Returns what it deleted.
 */
export function rotateCopies({
  dir,
  databaseFile,
  keep,
}: {
  dir: string;
  databaseFile: string;
  keep: number;
}): string[] {
  const removed = [...rotateBackups(dir, keep, 'regular'), ...rotateBackups(dir, keep, 'pre-migration')];
  const regular = listBackups(dir).filter((backup) => backup.kind === 'regular');
  const windowStart = regular.length >= keep ? regular[0]?.at : undefined;
  const outlived = (at: Date) => windowStart !== undefined && at < windowStart;
  for (const backup of listBackups(dir)) {
    if (backup.kind === 'pre-migration' && outlived(backup.at)) {
      fs.rmSync(backup.file, { force: true });
      removed.push(backup.file);
    }
  }
  const aside = listKeptAside(databaseFile);
  aside.forEach((copy, i) => {
    if (i >= aside.length - keep && !outlived(copy.at)) return;
    for (const suffix of ['', '-wal', '-journal']) fs.rmSync(`${copy.file}${suffix}`, { force: true });
    removed.push(copy.file);
  });
  return removed;
}

// A progress callback returning this makes the next step copy every remaining page at once, inside one read
// transaction: a consistent snapshot that writers on other connections cannot restart (WAL lets them go on).
const ALL_PAGES = 0x7fffffff;

/**
 * Names the finished copy without ever replacing another backup (a hard link fails if the name is taken): a
 * copy finished in the same second as another, say `npm run db:backup` beside the schedule, takes the next
 * free second, so names stay unique and in order.
 */
function publish(partial: string, target: string): string {
  const parsed = parseBackupName(path.basename(target));
  for (let later = 0; later < 60; later++) {
    const file =
      later && parsed
        ? path.join(path.dirname(target), backupFileName(new Date(parsed.at.getTime() + later * 1000), parsed.kind))
        : target;
    try {
      fs.linkSync(partial, file);
      fs.rmSync(partial);
      return file;
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'EEXIST') {
        if (!parsed) break;
        continue;
      }
      // A file system without hard links: check, then rename.
      if (fs.existsSync(file)) continue;
      fs.renameSync(partial, file);
      return file;
    }
  }
  throw new Error(`${target} already exists`);
}

/**
 * Copies the live database at `source` into a backup named `target` with SQLite's online backup API, without
 * stopping writers; then turns the copy into a single self-contained file (rollback journal, not WAL), checks
 * it with `PRAGMA integrity_check`, flushes it and only then gives it its name. Mode 0600 from the first byte.
 * Returns the name it got and how long the check took.
 */
export async function copyDatabase(source: string, target: string): Promise<CopyResult> {
  // Unique per copy: two copies of the same second may run at once (in two processes, or a worker and a command).
  const partial = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomUUID()}.partial`);
  fs.closeSync(fs.openSync(partial, 'wx', 0o600));
  try {
    const live = new SQLite(source, { readonly: true, fileMustExist: true, timeout: 5_000 });
    try {
      await live.backup(partial, { progress: () => ALL_PAGES });
    } finally {
      live.close();
    }
    const copy = new SQLite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const checking = performance.now();
    const problem = integrityProblem(partial);
    if (problem) throw new Error(`the copy of ${source} failed its integrity check: ${problem}`);
    const checkMs = Math.round(performance.now() - checking);
    fsyncFile(partial);
    const file = publish(partial, target);
    fsyncDir(path.dirname(target));
    return { file, checkMs };
  } catch (error) {
    removeDatabaseFiles(partial);
    throw error;
  }
}

/** The same copy in a worker thread, so the server's event loop keeps answering while the pages are read. */
function copyDatabaseInWorker(source: string, target: string): Promise<CopyResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./backup-worker.ts', import.meta.url), { workerData: { source, target } });
    let result: CopyResult | undefined;
    worker.once('message', (message: CopyResult) => {
      result = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result) resolve(result);
      else reject(new Error(`the backup worker stopped (exit code ${code}) before finishing`));
    });
  });
}

export interface TakeBackupOptions {
  databaseFile: string;
  dir: string;
  /** How many copies of each kind to keep, this one included (rotateCopies). */
  keep: number;
  /** Names the file. */
  at: Date;
  kind?: BackupKind;
  /** Copy in a worker thread (the server); a command line tool may block its own loop. */
  inWorker?: boolean;
}

// A copy interrupted by a crash leaves its partial file; one untouched for an hour belongs to no running copy.
const ABANDONED_MS = 60 * 60_000;

function removeAbandonedCopies(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    if (!/^\.porchlight-.*\.partial(-journal|-wal|-shm)?$/.test(name)) continue;
    const file = path.join(dir, name);
    if (Date.now() - fs.statSync(file).mtimeMs > ABANDONED_MS) fs.rmSync(file, { force: true });
  }
}

/** One backup into `dir` (created 0700 if missing), then rotation of every kind of copy. */
export async function takeBackup({
  databaseFile,
  dir,
  keep,
  at,
  kind = 'regular',
  inWorker = false,
}: TakeBackupOptions): Promise<BackupResult> {
  if (!fs.existsSync(databaseFile)) throw new Error(`${databaseFile} does not exist: there is nothing to back up`);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  removeAbandonedCopies(dir);
  const started = performance.now();
  const { file, checkMs } = await (inWorker ? copyDatabaseInWorker : copyDatabase)(
    databaseFile,
    path.join(dir, backupFileName(at, kind)),
  );
  const ms = Math.round(performance.now() - started);
  const removed = rotateCopies({ dir, databaseFile, keep });
  return { file, at, kind, bytes: fs.statSync(file).size, ms, checkMs, removed };
}
