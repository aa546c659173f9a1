import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, SqliteDialect, sql } from 'kysely';
import type { Database } from './schema.ts';

export type { Database };
export type DB = Kysely<Database>;
export { migrateToLatest, NewerSchemaError } from './migrator.ts';

// SQLite runs DDL inside transactions, but Kysely's adapter says it cannot, so its migrator would run each
// migration bare and a failure halfway would leave half a schema behind (db/migrator.ts).
class TransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class PorchlightSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlAdapter();
  }
}

/** Opens the SQLite file (creating its folder) with WAL, foreign keys and a busy timeout. */
export function createDatabase(file: string): DB {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new PorchlightSqliteDialect({ database: sqlite }) });
}

/** True when the database answers a trivial query. */
export async function databaseAnswers(db: DB): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * Copies the write-ahead log into the database file and empties it, so that the file alone holds every
 * commit (before the database is closed, copied or handed to another version). False if a reader kept
 * part of the log from being copied.
 */
export async function checkpoint(db: DB): Promise<boolean> {
  const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  return rows[0]?.busy === 0;
}
