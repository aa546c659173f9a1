import { sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';
import { migrations as knownMigrations } from '#db/migrations/index.ts';
import { databaseLabel, isPostgres, tableExists } from './dialect.ts';
import type { DB } from './schema.ts';

export type Migrations = Record<string, Migration>;

/** Where Kysely records the migrations a database has had. */
export const MIGRATION_TABLE = 'kysely_migration';

/** The database was written by a newer version of Porchlight: running this one on it could lose data. */
export class NewerSchemaError extends Error {
  override name = 'NewerSchemaError';
}

export interface MigrationState {
  /** Recorded in the database, oldest first. */
  applied: string[];
  /** Known to this code and not yet applied. */
  pending: string[];
  /** Recorded in the database but unknown to this code. */
  unknown: string[];
}

export async function migrationState(db: DB, migrations: Migrations = knownMigrations): Promise<MigrationState> {
  const applied = (await tableExists(db, MIGRATION_TABLE))
    ? (await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db)).rows.map(
        (row) => row.name,
      )
    : [];
  return {
    applied,
    pending: Object.keys(migrations)
      .sort()
      .filter((name) => !applied.includes(name)),
    unknown: applied.filter((name) => !Object.hasOwn(migrations, name)),
  };
}

/** The one line an operator sees when a database is newer than the code. */
export function newerSchemaMessage(databaseName: string, unknown: string[]): string {
  return (
    `${databaseName} has migrations this version does not know (${unknown.join(', ')}): it was written by a ` +
    'newer version; restore a backup or run the newer version'
  );
}

async function databaseName(db: DB): Promise<string> {
  return (await databaseLabel(db)) ?? 'the database';
}

/**
 * A migration that also proves, inside its own transaction, that it left no row pointing at a missing one:
 * on SQLite migrations run with foreign keys off (SQLite ignores that switch inside a transaction, and
 * rebuilding a table with them on would cascade-delete its children), so the check is made here instead.
 * PostgreSQL always enforces foreign keys and needs no check.
 */
function checked(migration: Migration): Migration {
  return {
    ...migration,
    async up(db) {
      await migration.up(db);
      const { rows } = await sql<{ table: string; parent: string }>`pragma foreign_key_check`.execute(db);
      const first = rows[0];
      if (first) {
        throw new Error(`it leaves ${rows.length} row(s) in ${first.table} pointing at missing ${first.parent} rows`);
      }
    },
  };
}

/**
 * Brings the schema up to date, one transaction per migration: a migration that fails is rolled back whole,
 * so the database keeps the schema and data it had after the previous one. Refuses a database that has
 * migrations this code does not know (a downgrade). Returns the names applied; throws naming the failure.
 */
export async function migrateToLatest(db: DB, options: { migrations?: Migrations } = {}): Promise<string[]> {
  if (!isPostgres(db)) return migrateUnderLock(db, options);
  // Instances starting together on one PostgreSQL database: one migrates while the others wait on this lock,
  // then find nothing pending. Kysely's own lock covers one step at a time; under load, a second instance could
  // still run a step the first had applied, so the whole run is held, and the state read, under this one.
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    try {
      return await migrateUnderLock(connection, options);
    } finally {
      await sql`select pg_advisory_unlock(${sql.lit(MIGRATION_LOCK_KEY)})`.execute(connection);
    }
  });
}

/** Any number of our own, distinct from Kysely's; advisory locks are per database. */
const MIGRATION_LOCK_KEY = 7_320_461_195;

async function migrateUnderLock(
  db: DB,
  { migrations = knownMigrations }: { migrations?: Migrations },
): Promise<string[]> {
  const state = await migrationState(db, migrations);
  if (state.unknown.length) throw new NewerSchemaError(newerSchemaMessage(await databaseName(db), state.unknown));
  if (!state.pending.length) return [];

  const sqlite = !isPostgres(db);
  const guarded = sqlite
    ? Object.fromEntries(Object.entries(migrations).map(([name, m]) => [name, checked(m)]))
    : migrations;
  // On PostgreSQL Kysely also holds an advisory lock per step, so instances starting together migrate once.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => guarded } });
  const applied: string[] = [];
  if (sqlite) await sql`pragma foreign_keys = off`.execute(db);
  try {
    // One step at a time: with transactional DDL on (db/database.ts) each migrateUp() is its own transaction,
    // where migrateToLatest() would put every pending migration in a single one.
    for (;;) {
      const { error, results = [] } = await migrator.migrateUp();
      const failed = results.find((r) => r.status === 'Error');
      if (error || failed) {
        const kept = applied.at(-1) ?? state.applied.at(-1);
        throw new Error(
          `Migration ${failed?.migrationName ?? ''} failed and was rolled back` +
            `${kept ? ` (the database stays at ${kept})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const done = results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
      if (!done.length) return applied;
      applied.push(...done);
    }
  } finally {
    if (sqlite) await sql`pragma foreign_keys = on`.execute(db);
  }
}
