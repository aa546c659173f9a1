import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, expect, test } from 'vitest';
import { leadIds, saveLead } from '#tests/support/lead-rows.ts';
import { backupFileName, listBackups, takeBackup } from './backups.ts';
import { createDatabase, type DB, migrateToLatest } from './database.ts';
import { integrityProblem } from './database-check.ts';
import { fileStamp } from './durable-files.ts';
import { restoreDatabase } from './restore.ts';

const T0 = new Date('2026-11-23T15:30:00.000Z');
const HOUR = 3_600_000;

const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-backup-'));
  dirs.push(dir);
  return dir;
}

async function liveDatabase(): Promise<{ db: DB; file: string; root: string }> {
  const root = tempDir();
  const file = path.join(root, 'data', 'porchlight.sqlite');
  const db = createDatabase(file);
  open.push(db);
  await migrateToLatest(db);
  return { db, file, root };
}

/** Many leads at once, so that a copy of the file takes a while. */
async function seedLeads(db: DB, count: number): Promise<void> {
  await sql`
    with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
    insert into leads (id, kind, full_name, phone, email, consent, source_tag, created_at)
    select printf('seed-%06d', i), 'contact', 'Seeded Lead', '2108675309', printf('seed-%d@example.com', i), 1,
      'website', '2026-01-01T00:00:00.000Z'
    from n`.execute(db);
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

test('a backup taken while leads are written at hundreds per second restores intact, with every lead committed before it began', async () => {
  const { db, file, root } = await liveDatabase();
  await seedLeads(db, 20_000);

  // One writer on the server's connection, as fast as it goes (hundreds of leads per second here), each lead
  // with its consent and webhook payload; the backup reads through a second connection in a worker thread.
  const committed: string[] = [];
  let writing = true;
  const writer = (async () => {
    for (let n = 0; writing; n++) {
      const id = `lead-${String(n).padStart(6, '0')}`;
      await saveLead(db, id);
      committed.push(id);
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  await until(() => committed.length >= 1_000);

  const before = [...committed];
  const backup = await takeBackup({
    databaseFile: file,
    dir: path.join(root, 'backups'),
    keep: 7,
    at: T0,
    inWorker: true,
  });
  const duringBackup = committed.length - before.length;
  await until(() => committed.length >= before.length + duringBackup + 100);
  writing = false;
  await writer;
  // The copy ran beside the writer: leads kept being accepted while it was taken.
  expect(duringBackup).toBeGreaterThan(0);
  expect(integrityProblem(backup.file)).toBeUndefined();

  // The volume is lost; the backup is restored into an empty DATA_DIR.
  const dataDir = path.join(tempDir(), 'data');
  const restoredFile = path.join(dataDir, 'porchlight.sqlite');
  await restoreDatabase({
    backupFile: backup.file,
    dataDir,
    databaseFile: restoredFile,
    backups: { dir: path.join(root, 'backups'), keep: 7 },
    at: new Date(T0.getTime() + HOUR),
  });
  expect(integrityProblem(restoredFile)).toBeUndefined();
  const restored = createDatabase(restoredFile);
  open.push(restored);
  const ids = new Set(await leadIds(restored));
  expect(before.filter((id) => !ids.has(id))).toEqual([]);
  expect(ids.has('seed-020000')).toBe(true);
  // A consistent snapshot: every lead in it came with its consent and its webhook payload, never half a lead.
  const count = async (table: 'leads' | 'consents' | 'outbox') =>
    Number(
      (
        await restored
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  expect(await count('consents')).toBe((await count('leads')) - 20_000);
  expect(await count('outbox')).toBe(await count('consents'));
}, 60_000);

test('a backup is one self-contained file, readable by its owner only, named by its UTC time', async () => {
  const { db, file, root } = await liveDatabase();
  await saveLead(db, 'lead-1');
  const backup = await takeBackup({ databaseFile: file, dir: path.join(root, 'backups'), keep: 7, at: T0 });

  expect(path.basename(backup.file)).toBe('porchlight-20261123T153000Z.sqlite');
  expect(backup.bytes).toBe(fs.statSync(backup.file).size);
  expect(fs.statSync(backup.file).mode & 0o777).toBe(0o600);
  expect(fs.statSync(path.join(root, 'backups')).mode & 0o777).toBe(0o700);
  // Rollback-journal mode, no -wal beside it: copying the one file off the machine is enough.
  expect(fs.readdirSync(path.join(root, 'backups'))).toEqual(['porchlight-20261123T153000Z.sqlite']);
  const copy = new SQLite(backup.file, { readonly: true });
  try {
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.prepare('select id from leads').all()).toEqual([{ id: 'lead-1' }]);
  } finally {
    copy.close();
  }
});

test('rotation keeps exactly BACKUP_KEEP backups of a kind, the newest, and leaves other files alone', async () => {
  const { file, root } = await liveDatabase();
  const dir = path.join(root, 'backups');
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'kept by the operator');
  const pre = await takeBackup({ databaseFile: file, dir, keep: 3, at: T0, kind: 'pre-migration' });
  const taken = [];
  for (let i = 1; i <= 6; i++) {
    taken.push(await takeBackup({ databaseFile: file, dir, keep: 3, at: new Date(T0.getTime() + i * 24 * HOUR) }));
  }

  const regular = listBackups(dir).filter((backup) => backup.kind === 'regular');
  expect(regular.map((backup) => backup.file)).toEqual(taken.slice(3).map((backup) => backup.file));
  // The pre-migration copy goes with the scheduled backups of its age: once three newer ones exist.
  expect(taken[2]?.removed).toEqual([pre.file]);
  expect(taken[3]?.removed).toEqual([taken[0]?.file]);
  expect(fs.readdirSync(dir).sort()).toEqual(
    ['notes.txt', ...taken.slice(3).map((backup) => path.basename(backup.file))].sort(),
  );
});

test('no copy of any kind outlives BACKUP_KEEP scheduled backups taken after it', async () => {
  const { file, root } = await liveDatabase();
  const dir = path.join(root, 'backups');
  const day = (n: number) => new Date(T0.getTime() + n * 24 * HOUR);
  // Kept aside by two restores, and one upgrade's copy: each older than the scheduled backups that follow.
  const aside = [0, 1].map((n) => `${file}.before-restore-${fileStamp(day(n))}`);
  for (const copy of aside) fs.copyFileSync(file, copy);
  fs.writeFileSync(`${aside[0]}-wal`, '');
  const pre = await takeBackup({ databaseFile: file, dir, keep: 2, at: day(0.5), kind: 'pre-migration' });

  // A fresh install with fewer scheduled backups than BACKUP_KEEP keeps the way back.
  const first = await takeBackup({ databaseFile: file, dir, keep: 2, at: day(2) });
  expect(first.removed).toEqual([]);
  const second = await takeBackup({ databaseFile: file, dir, keep: 2, at: day(3) });
  expect(second.removed.sort()).toEqual([...aside, pre.file].sort());
  expect(fs.readdirSync(path.dirname(file)).filter((name) => name.includes('before-restore'))).toEqual([]);
  expect(listBackups(dir).map((backup) => backup.file)).toEqual([first.file, second.file]);
});

test('backup names sort in time order, a pre-migration copy just before a regular one of the same second', () => {
  const names = [
    backupFileName(new Date('2027-01-02T00:00:00Z')),
    backupFileName(T0),
    backupFileName(T0, 'pre-migration'),
    backupFileName(new Date('2026-11-23T15:29:59Z')),
  ];
  expect(names.toSorted()).toEqual([names[3], names[2], names[1], names[0]]);
  expect(names[2]).toBe('porchlight-20261123T153000Z-pre-migration.sqlite');
});

test('a backup fails clearly when there is no database, and leaves nothing behind', async () => {
  const root = tempDir();
  const dir = path.join(root, 'backups');
  await expect(
    takeBackup({ databaseFile: path.join(root, 'porchlight.sqlite'), dir, keep: 7, at: T0 }),
  ).rejects.toThrow(/porchlight\.sqlite does not exist: there is nothing to back up/);
  expect(fs.existsSync(dir)).toBe(false);
});

test('backups taken in the same second (db:backup beside the schedule) never replace each other', async () => {
  const { file, root } = await liveDatabase();
  const dir = path.join(root, 'backups');
  const [scheduled, manual] = await Promise.all([
    takeBackup({ databaseFile: file, dir, keep: 7, at: T0, inWorker: true }),
    takeBackup({ databaseFile: file, dir, keep: 7, at: T0 }),
  ]);
  const third = await takeBackup({ databaseFile: file, dir, keep: 7, at: T0 });
  expect([scheduled.file, manual.file].map((f) => path.basename(f)).sort()).toEqual([
    'porchlight-20261123T153000Z.sqlite',
    'porchlight-20261123T153001Z.sqlite',
  ]);
  expect(path.basename(third.file)).toBe('porchlight-20261123T153002Z.sqlite');
  expect(fs.readdirSync(dir)).toHaveLength(3);
  for (const backup of [scheduled, manual, third]) expect(integrityProblem(backup.file)).toBeUndefined();
});
