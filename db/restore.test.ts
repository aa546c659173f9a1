import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { migrations } from '#db/migrations/index.ts';
import { leadIds, saveLead } from '#tests/support/lead-rows.ts';
import { takeBackup } from './backups.ts';
import { DataDirBusyError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';
import { createDatabase, type DB, migrateToLatest } from './database.ts';
import { fileStamp } from './durable-files.ts';
import { MIGRATION_TABLE } from './migrator.ts';
import { RestoreRefusedError, restoreDatabase } from './restore.ts';

const T0 = new Date('2026-11-23T15:30:00.000Z');
const T1 = new Date('2026-11-24T09:00:00.000Z');

const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR whose database holds `current`, and a backup (taken earlier) that holds `backedUp`. */
async function setup({ backedUp = ['lead-1'], current = ['lead-1', 'lead-2'] } = {}) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-restore-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const db = createDatabase(databaseFile);
  await migrateToLatest(db);
  for (const id of backedUp) await saveLead(db, id);
  const backups = { dir: path.join(root, 'backups'), keep: 7 };
  const backup = await takeBackup({ databaseFile, ...backups, at: T0 });
  for (const id of current.filter((id) => !backedUp.includes(id))) await saveLead(db, id);
  await db.destroy();
  const restore = (backupFile = backup.file, at = T1) =>
    restoreDatabase({ backupFile, dataDir, databaseFile, backups, at });
  return { root, dataDir, databaseFile, backup, backups, restore };
}

async function idsIn(file: string): Promise<string[]> {
  const db = createDatabase(file);
  open.push(db);
  return leadIds(db);
}

/** A pid that existed and has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

test('restore puts the backup in place and keeps the database it replaces aside', async () => {
  const { databaseFile, restore } = await setup();
  const result = await restore();

  const aside = `${databaseFile}.before-restore-20261124T090000Z`;
  expect(result.keptAside).toEqual([aside]);
  expect(await idsIn(databaseFile)).toEqual(['lead-1']);
  expect(await idsIn(aside)).toEqual(['lead-1', 'lead-2']);
  expect(fs.statSync(databaseFile).mode & 0o777).toBe(0o600);
  expect(fs.readdirSync(path.dirname(databaseFile)).filter((name) => name.includes('.partial'))).toEqual([]);
});

test('commits still in the WAL of the replaced database are kept with it, and none reach the restored one', async () => {
  const { databaseFile, restore } = await setup();
  // A server killed with -9: its last commit lives only in the WAL, beside a file that lacks it.
  const db = new SQLite(databaseFile);
  db.pragma('wal_autocheckpoint = 0');
  db.prepare("update leads set full_name = 'Only In The WAL' where id = 'lead-2'").run();
  const crashed = path.join(path.dirname(databaseFile), 'crashed');
  fs.mkdirSync(crashed);
  for (const suffix of ['', '-wal']) fs.copyFileSync(`${databaseFile}${suffix}`, path.join(crashed, `db${suffix}`));
  db.close();
  for (const suffix of ['', '-wal']) fs.copyFileSync(path.join(crashed, `db${suffix}`), `${databaseFile}${suffix}`);
  expect(fs.statSync(`${databaseFile}-wal`).size).toBeGreaterThan(0);

  const { keptAside } = await restore();
  expect(fs.existsSync(`${databaseFile}-wal`)).toBe(false);
  expect(await idsIn(databaseFile)).toEqual(['lead-1']);
  const aside = new SQLite(keptAside[0] ?? '', { readonly: true });
  try {
    expect(aside.prepare("select full_name from leads where id = 'lead-2'").get()).toEqual({
      full_name: 'Only In The WAL',
    });
  } finally {
    aside.close();
  }
});

test('restore into an empty DATA_DIR (the volume was lost) needs nothing else', async () => {
  const { dataDir, databaseFile, restore } = await setup();
  fs.rmSync(dataDir, { recursive: true });
  expect((await restore()).keptAside).toEqual([]);
  expect(await idsIn(databaseFile)).toEqual(['lead-1']);
});

test.each([
  [
    'garbage',
    (file: string) => fs.writeFileSync(file, Buffer.alloc(64 * 1024, 'not a database ')),
    /fails the integrity check: file is not a database/,
  ],
  [
    'a truncated copy',
    (file: string) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2)),
    /fails the integrity check/,
  ],
])('restore refuses %s and leaves the database alone', async (_name, damage, message) => {
  const { root, databaseFile, backup, restore } = await setup({
    backedUp: Array.from({ length: 200 }, (_, i) => `lead-${i}`),
  });
  const broken = path.join(root, 'broken.sqlite');
  fs.copyFileSync(backup.file, broken);
  damage(broken);
  const before = fs.readFileSync(databaseFile);

  await expect(restore(broken)).rejects.toThrow(RestoreRefusedError);
  await expect(restore(broken)).rejects.toThrow(message);
  expect(fs.readFileSync(databaseFile).equals(before)).toBe(true);
  expect(fs.readdirSync(path.dirname(databaseFile)).sort()).toEqual(['porchlight.sqlite']);
});

test('restore refuses an intact SQLite file that is not a Porchlight database, and a missing file', async () => {
  const { root, restore } = await setup();
  const other = path.join(root, 'other.sqlite');
  const db = new SQLite(other);
  db.exec('create table notes (body text)');
  db.close();
  await expect(restore(other)).rejects.toThrow(
    `Refusing to restore: ${other} is not a Porchlight database (no ${MIGRATION_TABLE}, leads, consents, outbox, visits, sessions table)`,
  );
  await expect(restore(path.join(root, 'missing.sqlite'))).rejects.toThrow(/missing\.sqlite does not exist/);
});

test('restore refuses a raw copy whose latest commits are still in a WAL beside it', async () => {
  const { root, databaseFile, restore } = await setup();
  const live = new SQLite(databaseFile);
  live.pragma('wal_autocheckpoint = 0');
  live.prepare("update leads set full_name = 'Only In The WAL'").run();
  const raw = path.join(root, 'raw.sqlite');
  for (const suffix of ['', '-wal']) fs.copyFileSync(`${databaseFile}${suffix}`, `${raw}${suffix}`);
  live.close();
  await expect(restore(raw)).rejects.toThrow(
    `Refusing to restore: ${raw} has a write-ahead log beside it (raw.sqlite-wal); use a file made by npm run db:backup`,
  );
});

test('restore refuses a backup written by a newer version', async () => {
  const { backup, restore } = await setup();
  const db = new SQLite(backup.file);
  db.prepare(`insert into ${MIGRATION_TABLE} (name, timestamp) values ('9999-from-the-future', '2027-01-01')`).run();
  db.close();
  await expect(restore()).rejects.toThrow(
    `Refusing to restore: ${path.basename(backup.file)} has migrations this version does not know (9999-from-the-future)`,
  );
});

test('restore refuses while a server holds DATA_DIR, and goes ahead once it has stopped', async () => {
  const { dataDir, databaseFile, restore } = await setup();
  const server = lockDataDir({ dataDir, databaseFile, purpose: 'server' });
  // Our own pid is never taken for a live holder (a container restarted with the same pid); a neighbour's is.
  fs.writeFileSync(server.file, JSON.stringify({ pid: process.ppid, host: os.hostname(), purpose: 'server' }));
  await expect(restore()).rejects.toThrow(DataDirBusyError);
  await expect(restore()).rejects.toThrow(`${dataDir} is in use by a server (pid ${process.ppid}); stop it first`);
  expect(await idsIn(databaseFile)).toEqual(['lead-1', 'lead-2']);
  await open.pop()?.destroy();

  fs.rmSync(server.file);
  await restore();
  expect(await idsIn(databaseFile)).toEqual(['lead-1']);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
});

test('restore refuses while the database is open in another container, whose pid means nothing here', async () => {
  const { dataDir, databaseFile, restore } = await setup();
  fs.writeFileSync(
    path.join(dataDir, LOCK_FILE),
    JSON.stringify({ pid: 1, host: 'another-container', purpose: 'server', since: T0.toISOString() }),
  );
  const server = createDatabase(databaseFile);
  open.push(server);
  await leadIds(server);
  await expect(restore()).rejects.toThrow('a server (pid 1 on another-container) that has porchlight.sqlite open');

  // Without a lock file too: SQLite's own locks say the database is in use.
  fs.rmSync(path.join(dataDir, LOCK_FILE));
  await expect(restore()).rejects.toThrow(
    'porchlight.sqlite is open in another process (a server, or a backup in progress)',
  );
});

test('a lock left by a server that died (kill -9) does not block a restore', async () => {
  const { dataDir, databaseFile, restore } = await setup();
  fs.writeFileSync(
    path.join(dataDir, LOCK_FILE),
    JSON.stringify({ pid: deadPid(), host: os.hostname(), purpose: 'server', since: T0.toISOString() }),
  );
  await restore();
  expect(await idsIn(databaseFile)).toEqual(['lead-1']);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
});

test('while a restore runs, a server cannot start on the same DATA_DIR', async () => {
  const { dataDir, databaseFile } = await setup();
  const restoring = lockDataDir({ dataDir, databaseFile, purpose: 'restore' });
  fs.writeFileSync(restoring.file, JSON.stringify({ pid: process.ppid, host: os.hostname(), purpose: 'restore' }));
  expect(() => lockDataDir({ dataDir, databaseFile, purpose: 'server' })).toThrow(
    `${dataDir} is in use by a restore (pid ${process.ppid}); stop it first`,
  );
});

test.each([
  [
    'a trigger that copies every new delivery into a table of its own',
    'create table harvest (payload text); ' +
      'create trigger harvest_outbox after insert on outbox begin insert into harvest values (new.payload); end',
    'has table harvest, which its migrations do not make; has trigger harvest_outbox (on outbox), which its migrations do not make',
  ],
  ['a view', 'create view everyone as select phone, email from leads', 'has view everyone, which its migrations'],
  ['a dropped index', 'drop index leads_phone_created', 'lacks index leads_phone_created (on leads)'],
  [
    'a table changed by hand',
    'alter table leads add column note text',
    'has table leads defined otherwise than its migrations define it',
  ],
])('restore refuses a backup with %s, in one line, and leaves the database alone', async (_name, change, problem) => {
  const { root, databaseFile, backup, restore } = await setup();
  const tampered = path.join(root, 'tampered.sqlite');
  fs.copyFileSync(backup.file, tampered);
  const db = new SQLite(tampered);
  db.exec(change);
  db.close();
  const before = fs.readFileSync(databaseFile);

  const refusal = restore(tampered);
  await expect(refusal).rejects.toThrow(RestoreRefusedError);
  await expect(refusal).rejects.toThrow(`Refusing to restore: ${tampered} ${problem}`);
  await expect(refusal).rejects.toThrow(/; a backup whose schema is not what its migrations make is never restored$/);
  expect(fs.readFileSync(databaseFile).equals(before)).toBe(true);
  expect(fs.readdirSync(path.dirname(databaseFile)).sort()).toEqual(['porchlight.sqlite']);
});

test('a backup from an older version is restored migrated to this one', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-restore-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const older = path.join(root, 'older.sqlite');
  const db = createDatabase(older);
  const olderVersion = Object.fromEntries(Object.entries(migrations).slice(0, 5));
  await migrateToLatest(db, { migrations: olderVersion });
  await db.destroy();

  const result = await restoreDatabase({
    backupFile: older,
    dataDir,
    databaseFile,
    backups: { dir: path.join(root, 'backups'), keep: 7 },
    at: T1,
  });
  expect(result.migrations).toEqual(Object.keys(olderVersion));
  expect(result.applied).toEqual(Object.keys(migrations).slice(5));
  const restored = new SQLite(databaseFile, { readonly: true });
  try {
    expect(restored.prepare(`select count(*) as n from ${MIGRATION_TABLE}`).get()).toEqual({
      n: Object.keys(migrations).length,
    });
  } finally {
    restored.close();
  }
});

test('what prepare does to the copy is in the restored database; if it throws, the restore is refused', async () => {
  const { databaseFile, backup, backups, dataDir } = await setup();
  const before = fs.readFileSync(databaseFile);
  const failing = restoreDatabase({
    backupFile: backup.file,
    dataDir,
    databaseFile,
    backups,
    at: T1,
    prepare: async () => {
      throw new Error('the erasure ledger cannot be read');
    },
  });
  await expect(failing).rejects.toThrow('the erasure ledger cannot be read');
  expect(fs.readFileSync(databaseFile).equals(before)).toBe(true);
  expect(fs.readdirSync(dataDir).sort()).toEqual(['porchlight.sqlite']);

  await restoreDatabase({
    backupFile: backup.file,
    dataDir,
    databaseFile,
    backups,
    at: T1,
    prepare: async (db) => {
      await db.deleteFrom('leads').where('id', '=', 'lead-1').execute();
    },
  });
  expect(await idsIn(databaseFile)).toEqual([]);
});

test('databases kept aside by restores are rotated: the newest BACKUP_KEEP stay', async () => {
  const { dataDir, databaseFile, backup, root } = await setup();
  const backups = { dir: path.join(root, 'backups'), keep: 2 };
  const at = (hours: number) => new Date(T1.getTime() + hours * 3_600_000);
  const removed: string[][] = [];
  for (let i = 0; i < 4; i++) {
    const result = await restoreDatabase({ backupFile: backup.file, dataDir, databaseFile, backups, at: at(i) });
    removed.push(result.removed);
  }
  const aside = (hours: number) => `${databaseFile}.before-restore-${fileStamp(at(hours))}`;
  expect(removed).toEqual([[], [], [aside(0)], [aside(1)]]);
  expect(
    fs
      .readdirSync(dataDir)
      .filter((name) => name.includes('before-restore'))
      .sort(),
  ).toEqual([path.basename(aside(2)), path.basename(aside(3))]);
});
