import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** Migrated once per run (tests/support/postgres-global-setup.ts); every test database is a copy of it. */
export const TEMPLATE_DATABASE = 'porchlight_template';

/** The PostgreSQL server's URL (without a database) in the `api-postgres` run; undefined in the SQLite one. */
export function testPostgresUrl(): string | undefined {
  return inject('postgresUrl');
}

async function admin<T>(base: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(`${base}postgres`);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  /** The test is done with it: the next test app of this file gets it, emptied. */
  release(): void;
}

// Copying the template takes a second or two on a busy machine, emptying a database a few milliseconds: a
// test file's databases are reused once their app is closed, emptied first (the migration record is kept).
// One whose schema a test changed (a dropped table, to make writes fail) is dropped instead.
const released: string[] = [];

/** Every table, column and index of the schema, as one string. */
const SCHEMA = `
  select string_agg(item, ',' order by item) as schema from (
    select table_name || '.' || column_name || ':' || data_type as item from information_schema.columns
    where table_schema = current_schema()
    union all select indexname from pg_indexes where schemaname = current_schema()) as items`;
let templateSchema: string | undefined;

async function schemaOf(client: pg.Client): Promise<string> {
  return (await client.query<{ schema: string }>(SCHEMA)).rows[0]?.schema ?? '';
}

/** Empties the database for the next test; false when its schema is no longer the template's. */
async function empty(base: string, name: string): Promise<boolean> {
  const client = new pg.Client(`${base}${name}`);
  await client.connect();
  try {
    if ((await schemaOf(client)) !== templateSchema) return false;
    const { rows } = await client.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables
       where schemaname = current_schema() and tablename not like 'kysely_migration%'`,
    );
    await client.query(`truncate ${rows.map((row) => row.name).join(', ')} restart identity cascade`);
    return true;
  } finally {
    await client.end();
  }
}

/** A migrated database no other test app is using, with no rows, so that no test sees another's. */
export async function createTestDatabase(base: string): Promise<TestDatabase> {
  for (let name = released.pop(); name !== undefined; name = released.pop()) {
    const reused = name;
    if (await empty(base, reused)) return taken(base, reused);
    await admin(base, (client) => client.query(`drop database ${reused} with (force)`));
  }
  const name = `porchlight_test_${randomBytes(6).toString('hex')}`;
  await admin(base, (client) => client.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  if (templateSchema === undefined) {
    const client = new pg.Client(`${base}${name}`);
    await client.connect();
    templateSchema = await schemaOf(client).finally(() => client.end());
  }
  return taken(base, name);
}

function taken(base: string, name: string): TestDatabase {
  return { url: `${base}${name}`, release: () => released.push(name) };
}

/** An empty database (no migrations yet), dropped by `release`: for tests of migrating itself. */
export async function createEmptyTestDatabase(base: string): Promise<TestDatabase> {
  const name = `porchlight_empty_${randomBytes(6).toString('hex')}`;
  await admin(base, (client) => client.query(`create database ${name} template template0`));
  return {
    url: `${base}${name}`,
    release: () => void admin(base, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}
