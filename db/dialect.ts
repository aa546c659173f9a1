import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, type RawBuilder, sql } from 'kysely';

// The one place where SQLite and PostgreSQL differ. Everything above it (store code, the migrations' logic)
// writes the same statements for both: timestamps are ISO-8601 UTC text, compared as text, on both engines.

export type Engine = 'sqlite' | 'postgres';

/** Which engine this database (or transaction) runs on. */
export function engineOf<T>(db: Kysely<T>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export function isPostgres<T>(db: Kysely<T>): boolean {
  return engineOf(db) === 'postgres';
}

export interface ColumnTypes {
  /**
   * Text compared code point by code point, as SQLite does: the inbox's prefix search and every ordering of ids
   * and timestamps then give the same answers whatever collation the PostgreSQL database was created with.
   */
  text: RawBuilder<unknown>;
  /** 64-bit on both (SQLite's integers always are). */
  integer: RawBuilder<unknown>;
  /** A double on both (PostgreSQL's `real` is only 4 bytes). */
  real: RawBuilder<unknown>;
  /** The current time as ISO-8601 UTC text with milliseconds, for column defaults. */
  now: RawBuilder<unknown>;
}

export function columnTypes<T>(db: Kysely<T>): ColumnTypes {
  if (isPostgres(db)) {
    return {
      text: sql`text collate "C"`,
      integer: sql`bigint`,
      real: sql`double precision`,
      now: sql`(to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
    };
  }
  return {
    text: sql`text`,
    integer: sql`integer`,
    real: sql`real`,
    now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
  };
}

/**
 * A numbered primary key: SQLite's `integer primary key autoincrement`, PostgreSQL's identity column. Pass to
 * `addColumn('id', integer, idColumn(db))`.
 */
export function idColumn<T>(db: Kysely<T>) {
  const postgres = isPostgres(db);
  return (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    postgres ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement();
}

/** True when the table exists (in the current schema on PostgreSQL). */
export async function tableExists<T>(db: Kysely<T>, table: string): Promise<boolean> {
  const { rows } = isPostgres(db)
    ? await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${table}`.execute(
        db,
      )
    : await sql`select 1 from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  return rows.length > 0;
}

/** The name an operator knows the database by: the SQLite file's name or the PostgreSQL database's. */
export async function databaseLabel<T>(db: Kysely<T>): Promise<string | undefined> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(db);
    return rows[0]?.name;
  }
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(db);
  const file = rows.find((row) => row.name === 'main')?.file;
  return file ? file.split(/[\\/]/).at(-1) : undefined;
}
