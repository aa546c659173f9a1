import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteAdapter, type SqliteDatabase, SqliteDialect, sql } from 'kysely';
import type { Database, DB } from './schema.ts';

export { migrateToLatest, NewerSchemaError } from './migrator.ts';
export type { Database, DB };

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

/** Statements kept compiled: every query the server makes, many times over. */
const STATEMENT_CACHE = 500;

/**
 * Kysely prepares every query afresh, and better-sqlite3 compiles each `prepare`: the few statements a burst of
 * hooks runs (a status change, a transcript line) were compiled again for every request. This keeps each SQL
 * text's compiled statement for `all` and `run`, which finish before they return; a streamed query (`iterate`)
 * gets a statement of its own, since one that is iterating cannot run again until it is done.
 */
function compiledOnce(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const compiled = (text: string) => {
    let statement = cache.get(text);
    if (statement) {
      // The most recently used last, so the least recently used goes first.
      cache.delete(text);
    } else {
      statement = sqlite.prepare(text);
      if (cache.size >= STATEMENT_CACHE) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
    }
    cache.set(text, statement);
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(text) {
      const statement = compiled(text);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(parameters),
        run: (parameters) => statement.run(parameters),
        iterate: (parameters) => sqlite.prepare(text).iterate(parameters),
      };
    },
  };
}

// The database holds leads' personal data: only the server's own user may read it. Folders are made 0700
// when this creates them (an existing DATA_DIR, such as a mounted volume, keeps its owner's choice).
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

function errorCode(error: unknown): unknown {
  return error instanceof Error && 'code' in error ? error.code : undefined;
}

/** Makes the file 0600 unless it is missing, or belongs to another user (its owner decides then). */
function keepPrivate(file: string) {
  try {
    fs.chmodSync(file, PRIVATE_FILE);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT' && errorCode(error) !== 'EPERM') throw error;
  }
}

/**
 * Opens the SQLite file (creating its folder) with WAL, foreign keys, a busy timeout and secure delete. The file,
 * its -wal and -shm are 0600: a new file is created 0600 before SQLite opens it (SQLite gives its -wal and -shm
 * the database file's mode), and an older, wider one is narrowed.
 */
export function createDatabase(file: string): DB {
  const onDisk = file !== ':memory:';
  if (onDisk) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
    try {
      fs.closeSync(fs.openSync(file, 'wx', PRIVATE_FILE));
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, not left in free space: an erased person must not stay readable in
  // the file or in the backups copied from it (docs/product-rules.md#privacy-requests).
  sqlite.pragma('secure_delete = ON');
  if (onDisk) for (const suffix of ['', '-wal', '-shm']) keepPrivate(`${file}${suffix}`);
  return new Kysely<Database>({ dialect: new PorchlightSqliteDialect({ database: compiledOnce(sqlite) }) });
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
