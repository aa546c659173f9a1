import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { migrations } from '#db/migrations/index.ts';
import { leadIds, saveLead } from '#tests/support/lead-rows.ts';
import { addsNotes, failsMidway, recorded } from '#tests/support/migration-fixtures.ts';
import { createEmptyTestDatabase, testPostgresUrl } from '#tests/support/test-database.ts';
import type { DB } from './database.ts';
import { type Migrations, migrateToLatest, NewerSchemaError } from './migrator.ts';
import { createPostgresDatabase } from './postgres.ts';

// The migrator on PostgreSQL (db/migrator.test.ts covers SQLite): the same history applies, one transaction per
// migration, a newer database is refused, and instances starting together migrate once. Runs in the
// PostgreSQL run only.

const NEXT = '9990-next';
const AFTER_NEXT = '9991-after-next';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup(): Promise<{ db: DB; url: string }> {
  const database = await createEmptyTestDatabase(testPostgresUrl() ?? '');
  open.push({ close: () => database.release() });
  const db = createPostgresDatabase(database.url);
  open.push({ close: () => db.destroy() });
  return { db, url: database.url };
}

async function tables(db: DB): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables where table_schema = current_schema() order by 1`.execute(
    db,
  );
  return rows.map((row) => row.name);
}

async function columns(db: DB, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by 1`.execute(db);
  return rows.map((row) => row.name);
}

describe.skipIf(testPostgresUrl() === undefined)('migrations on PostgreSQL', () => {
  test('the whole history applies to an empty database, and the store works on it', async () => {
    const { db } = await setup();
    expect(await migrateToLatest(db)).toEqual(Object.keys(migrations).sort());
    await saveLead(db, 'lead-1');
    expect(await leadIds(db)).toEqual(['lead-1']);
    // The timestamp default is ISO-8601 UTC text with milliseconds, as on SQLite.
    await db.insertInto('lead_volume').values({ external_id: 'x', received_at: '2026-03-02T18:00:00.000Z' }).execute();
    const row = await db.selectFrom('lead_volume').select(['id', 'created_at']).executeTakeFirstOrThrow();
    expect(row.id).toBe(1);
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  test('a migration that fails midway is rolled back whole; those before it stay applied', async () => {
    const { db } = await setup();
    await migrateToLatest(db);
    await saveLead(db, 'lead-1');
    const schemaBefore = await tables(db);
    const next: Migrations = { ...migrations, [NEXT]: addsNotes, [AFTER_NEXT]: failsMidway };
    await expect(migrateToLatest(db, { migrations: next })).rejects.toThrow(
      new RegExp(`^Migration ${AFTER_NEXT} failed and was rolled back \\(the database stays at ${NEXT}\\): .*a_table`),
    );
    expect(await tables(db)).toEqual([...schemaBefore, 'lead_notes'].sort());
    expect(await columns(db, 'leads')).not.toContain('score');
    expect(await leadIds(db)).toEqual(['lead-1']);
    expect(await recorded(db)).toEqual([...Object.keys(migrations).sort(), NEXT]);
  });

  test('a database written by a newer version is refused with one line naming it, and left untouched', async () => {
    const { db, url } = await setup();
    await migrateToLatest(db, { migrations: { ...migrations, [NEXT]: addsNotes } });
    const refused = migrateToLatest(db);
    await expect(refused).rejects.toThrow(NewerSchemaError);
    await expect(refused).rejects.toThrow(
      `${url.split('/').at(-1)} has migrations this version does not know (${NEXT}): it was written by a newer ` +
        'version; restore a backup or run the newer version',
    );
    expect(await recorded(db)).toContain(NEXT);
  });

  test('four instances starting at once on an empty database migrate it once', async () => {
    const { url } = await setup();
    const instances = Array.from({ length: 4 }, () => createPostgresDatabase(url));
    for (const db of instances) open.push({ close: () => db.destroy() });
    const applied = await Promise.all(instances.map((db) => migrateToLatest(db)));
    expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
    expect(await recorded(instances[0] as DB)).toEqual(Object.keys(migrations).sort());
  });
});
