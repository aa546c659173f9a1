import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { migrations as knownMigrations } from '#db/migrations/index.ts';
import { createDatabase } from './database.ts';
import { MIGRATION_TABLE, type Migrations, migrateToLatest } from './migrator.ts';

interface SchemaObject {
  type: string;
  name: string;
  table: string;
  sql: string | null;
}

// SQLite's own statistics tables (ANALYZE, PRAGMA optimize) come and go with use; they run no code.
const STATISTICS = /^sqlite_stat\d$/;
// Kysely creates its own two tables, in words a Kysely upgrade may change; that they exist is enough.
const KYSELY_TABLES = new Set([MIGRATION_TABLE, `${MIGRATION_TABLE}_lock`]);

/** One spelling per statement: runs of white space as one space, none inside or around brackets and commas. */
function normalised(statement: string | null): string {
  return (statement ?? '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1')
    .trim();
}

const SCHEMA_QUERY = 'select type, name, tbl_name as "table", sql from sqlite_master';

function byKey(rows: SchemaObject[]): Map<string, SchemaObject> {
  return new Map(
    rows
      .filter((row) => !(row.type === 'table' && STATISTICS.test(row.name)))
      .map((row) => [
        `${row.type} ${row.name}`,
        { ...row, sql: row.type === 'table' && KYSELY_TABLES.has(row.name) ? '' : normalised(row.sql) },
      ]),
  );
}

/** The schema `applied` migrations make, built in memory. */
async function expectedSchema(applied: string[], migrations: Migrations): Promise<Map<string, SchemaObject>> {
  const db = createDatabase(':memory:');
  try {
    const subset = Object.fromEntries(Object.entries(migrations).filter(([name]) => applied.includes(name)));
    await migrateToLatest(db, { migrations: subset });
    return byKey((await sql<SchemaObject>`${sql.raw(SCHEMA_QUERY)}`.execute(db)).rows);
  } finally {
    await db.destroy();
  }
}

const describe = (object: SchemaObject) =>
  object.type === 'index' || object.type === 'trigger'
    ? `${object.type} ${object.name} (on ${object.table})`
    : `${object.type} ${object.name}`;

/**
 * How the tables, indexes, triggers and views of the SQLite file differ from those its migrations (`applied`)
 * make (`has trigger x (on outbox), which its migrations do not make`), or undefined when they do not. A trigger
 * or view added by hand would run inside the server on every lead it touches, so any difference is a reason to
 * refuse the file. This holds only while a released migration never changes what it creates: a change goes in a
 * new migration.
 */
export async function schemaProblem(
  file: string,
  applied: string[],
  migrations: Migrations = knownMigrations,
): Promise<string | undefined> {
  const expected = await expectedSchema(applied, migrations);
  const sqlite = new SQLite(file, { readonly: true, fileMustExist: true });
  let actual: Map<string, SchemaObject>;
  try {
    actual = byKey(sqlite.prepare<[], SchemaObject>(SCHEMA_QUERY).all());
  } finally {
    sqlite.close();
  }
  const extra = [...actual].filter(([key]) => !expected.has(key)).map(([, object]) => describe(object));
  const missing = [...expected].filter(([key]) => !actual.has(key)).map(([, object]) => describe(object));
  const changed = [...actual]
    .filter(([key, object]) => expected.has(key) && expected.get(key)?.sql !== object.sql)
    .map(([, object]) => describe(object));
  const differences = [
    ...extra.map((what) => `has ${what}, which its migrations do not make`),
    ...missing.map((what) => `lacks ${what}`),
    ...changed.map((what) => `has ${what} defined otherwise than its migrations define it`),
  ];
  if (differences.length === 0) return undefined;
  const more = differences.length > 3 ? ` (and ${differences.length - 3} more differences)` : '';
  return `${differences.slice(0, 3).join('; ')}${more}`;
}
