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
// One whose schema a test changed (a dropped table, to make writes fail) is dropped instead. Each reused
// database keeps the connection that empties it, and the schema is read from the catalog rather than the
// information_schema views: with a test app made for nearly every PostgreSQL test, both add up.
const released: { name: string; client: pg.Client }[] = [];

/** Every table, column and index of the schema, as one string. */
const SCHEMA = `
  select md5(string_agg(item, ',' order by item)) as schema from (
    select c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) as item
    from pg_attribute a join pg_class c on c.oid = a.attrelid
    where c.relnamespace = current_schema()::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0
      and not a.attisdropped
    union all select c.relname from pg_class c where c.relnamespace = current_schema()::regnamespace and c.relkind = 'i'
  ) as items`;
let templateSchema: string | undefined;

async function schemaOf(client: pg.Client): Promise<string> {
  return (await client.query<{ schema: string }>(SCHEMA)).rows[0]?.schema ?? '';
}

/**
 * Empties the database for the next test, in one round trip: every table but the migration record, foreign keys
 * not checked on the way (their rows all go), sequences back at their start. False when its schema is no longer the
 * template's.
 */
async function empty(client: pg.Client): Promise<boolean> {
  if ((await schemaOf(client)) !== templateSchema) return false;
  const { rows } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables
     where schemaname = current_schema() and tablename not like 'kysely_migration%'`,
  );
  await client.query(
    [
      'set session_replication_role = replica',
      ...rows.map((row) => `delete from ${row.name}`),
      'reset session_replication_role',
      `select setval(c.oid, s.seqstart, false) from pg_class c join pg_sequence s on s.seqrelid = c.oid
       where c.relnamespace = current_schema()::regnamespace`,
    ].join(';\n'),
  );
  return true;
}

async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client(url);
  // A test that cuts the database's connections (a failover) cuts this one too: the next empty() then fails,
  // and the database is dropped instead of reused.
  client.on('error', () => {});
  await client.connect();
  return client;
}

/** A migrated database no other test app is using, with no rows, so that no test sees another's. */
export async function createTestDatabase(base: string): Promise<TestDatabase> {
  for (let reused = released.pop(); reused !== undefined; reused = released.pop()) {
    const { name, client } = reused;
    if (await empty(client).catch(() => false)) return taken(base, name, client);
    await client.end().catch(() => {});
    await admin(base, (admin) => admin.query(`drop database ${name} with (force)`));
  }
  const name = `porchlight_test_${randomBytes(6).toString('hex')}`;
  await admin(base, (admin) => admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`));
  const client = await connect(`${base}${name}`);
  templateSchema ??= await schemaOf(client);
  return taken(base, name, client);
}

function taken(base: string, name: string, client: pg.Client): TestDatabase {
  return { url: `${base}${name}`, release: () => released.push({ name, client }) };
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
