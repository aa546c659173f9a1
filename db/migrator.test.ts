import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { afterEach, expect, test } from 'vitest';
import { migrations } from '#db/migrations/index.ts';
import { leadIds, saveLead } from '#tests/support/lead-rows.ts';
import { addsNotes, failsMidway, recorded } from '#tests/support/migration-fixtures.ts';
import { listBackups } from './backups.ts';
import { createDatabase, type DB } from './database.ts';
import { type Migrations, migrateToLatest, NewerSchemaError } from './migrator.ts';
import { upgradeDatabase } from './upgrade.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const T0 = new Date('2026-11-23T15:30:00.000Z');
// Sorts after every real migration, present or to come.
const NEXT = '9990-next';
const AFTER_NEXT = '9991-after-next';

const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-migrate-'));
  dirs.push(root);
  const databaseFile = path.join(root, 'data', 'porchlight.sqlite');
  const db = createDatabase(databaseFile);
  open.push(db);
  await migrateToLatest(db);
  await saveLead(db, 'lead-1');
  return { root, databaseFile, db };
}

async function tables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db);
  return rows.map((row) => row.name);
}

async function columns(db: DB, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

test('a migration that fails midway is rolled back whole: the schema and data stay as they were', async () => {
  const { db } = await setup();
  const schemaBefore = await tables(db);
  const leadColumns = await columns(db, 'leads');

  await expect(migrateToLatest(db, { migrations: { ...migrations, [NEXT]: failsMidway } })).rejects.toThrow(
    new RegExp(
      `^Migration ${NEXT} failed and was rolled back \\(the database stays at \\d{4}-[\\w-]+\\): .*a_table_that_does_not_exist`,
    ),
  );
  expect(await tables(db)).toEqual(schemaBefore);
  expect(await columns(db, 'leads')).toEqual(leadColumns);
  expect(await leadIds(db)).toEqual(['lead-1']);
  expect(await recorded(db)).toEqual(Object.keys(migrations).sort());

  // Fixed in the next release, the same migration applies cleanly: nothing half-made is in its way.
  expect(await migrateToLatest(db, { migrations: { ...migrations, [NEXT]: addsNotes } })).toEqual([NEXT]);
  expect(await tables(db)).toContain('lead_notes');
});

test('each migration is its own transaction: those before a failing one stay applied', async () => {
  const { db } = await setup();
  const next: Migrations = { ...migrations, [NEXT]: addsNotes, [AFTER_NEXT]: failsMidway };
  await expect(migrateToLatest(db, { migrations: next })).rejects.toThrow(
    `Migration ${AFTER_NEXT} failed and was rolled back (the database stays at ${NEXT})`,
  );
  expect(await tables(db)).toContain('lead_notes');
  expect(await tables(db)).not.toContain('lead_tags');
  expect(await columns(db, 'leads')).not.toContain('score');
  expect(await recorded(db)).toEqual([...Object.keys(migrations).sort(), NEXT]);
});

test('a migration may rebuild a table that others point at without losing their rows, and foreign keys are back on after', async () => {
  const { db } = await setup();
  // SQLite's way to change a column: new table, copy, drop, rename. With foreign keys on, the drop would
  // delete every consent of every lead through ON DELETE CASCADE.
  const rebuildLeads: Migration = {
    async up(trx: Kysely<unknown>) {
      const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where name = 'leads'`.execute(trx);
      const create = (rows[0]?.sql ?? '').replace(/^CREATE TABLE "?leads"?/i, 'create table leads_new');
      await sql.raw(create).execute(trx);
      await sql`insert into leads_new select * from leads`.execute(trx);
      await sql`drop table leads`.execute(trx);
      await sql`alter table leads_new rename to leads`.execute(trx);
    },
  };
  expect(await migrateToLatest(db, { migrations: { ...migrations, [NEXT]: rebuildLeads } })).toEqual([NEXT]);
  expect(await db.selectFrom('consents').select('lead_id').execute()).toEqual([{ lead_id: 'lead-1' }]);
  const { rows } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
  expect(rows[0]?.foreign_keys).toBe(1);
});

test('a migration that leaves rows pointing at missing ones fails and is rolled back', async () => {
  const { db } = await setup();
  const dropsLeads: Migration = {
    async up(trx: Kysely<unknown>) {
      await sql`delete from leads`.execute(trx);
    },
  };
  await expect(migrateToLatest(db, { migrations: { ...migrations, [NEXT]: dropsLeads } })).rejects.toThrow(
    /it leaves \d+ row\(s\) in \w+ pointing at missing leads rows/,
  );
  expect(await leadIds(db)).toEqual(['lead-1']);
});

test('a database written by a newer version is refused with one line, and left untouched', async () => {
  const { db } = await setup();
  await migrateToLatest(db, { migrations: { ...migrations, [NEXT]: addsNotes } });
  const schema = await tables(db);

  const refused = migrateToLatest(db);
  await expect(refused).rejects.toThrow(NewerSchemaError);
  await expect(refused).rejects.toThrow(
    `porchlight.sqlite has migrations this version does not know (${NEXT}): it was written by a newer version; ` +
      'restore a backup or run the newer version',
  );
  expect(await tables(db)).toEqual(schema);
  expect(await recorded(db)).toContain(NEXT);
});

test('an upgrade backs the existing database up before migrating it; a new database needs no backup', async () => {
  const { root, databaseFile, db } = await setup();
  const backups = { dir: path.join(root, 'backups'), keep: 7 };
  const next = { ...migrations, [NEXT]: addsNotes };

  const upgraded = await upgradeDatabase({ db, databaseFile, backups, at: T0, migrations: next });
  expect(upgraded.applied).toEqual([NEXT]);
  expect(path.basename(upgraded.backup?.file ?? '')).toBe('porchlight-20261123T153000Z-pre-migration.sqlite');
  // The copy holds the schema from before the upgrade, and the data.
  const copy = createDatabase(upgraded.backup?.file ?? '');
  open.push(copy);
  expect(await tables(copy)).not.toContain('lead_notes');
  expect(await leadIds(copy)).toEqual(['lead-1']);

  // Nothing pending: no new backup.
  expect(await upgradeDatabase({ db, databaseFile, backups, at: T0, migrations: next })).toEqual({ applied: [] });
  // A brand-new database has nothing to lose.
  const fresh = createDatabase(path.join(root, 'fresh', 'porchlight.sqlite'));
  open.push(fresh);
  const created = await upgradeDatabase({
    db: fresh,
    databaseFile: path.join(root, 'fresh', 'porchlight.sqlite'),
    backups: { dir: path.join(root, 'fresh-backups'), keep: 7 },
    at: T0,
  });
  expect(created.backup).toBeUndefined();
  expect(fs.existsSync(path.join(root, 'fresh-backups'))).toBe(false);
  expect(listBackups(backups.dir)).toHaveLength(1);
});

test('an upgrade whose backup fails migrates nothing', async () => {
  const { root, databaseFile, db } = await setup();
  // The backup folder cannot be created: a file is in the way.
  fs.writeFileSync(path.join(root, 'not-a-folder'), '');
  await expect(
    upgradeDatabase({
      db,
      databaseFile,
      backups: { dir: path.join(root, 'not-a-folder', 'backups'), keep: 7 },
      at: T0,
      migrations: { ...migrations, [NEXT]: addsNotes },
    }),
  ).rejects.toThrow(/ENOTDIR/);
  expect(await tables(db)).not.toContain('lead_notes');
});

test('npm run db:migrate refuses a newer database with the same one line and exit code 1', async () => {
  const { root, db } = await setup();
  await migrateToLatest(db, { migrations: { ...migrations, [NEXT]: addsNotes } });
  await db.destroy();
  open.splice(0);
  const run = promisify(execFile)(process.execPath, ['server/commands/db-migrate.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATA_DIR: path.join(root, 'data') },
  });
  await expect(run).rejects.toMatchObject({
    code: 1,
    stderr: `porchlight.sqlite has migrations this version does not know (${NEXT}): it was written by a newer version; restore a backup or run the newer version\n`,
  });
});
