import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.ts';

// PostgreSQL returns 64-bit integers (counts, sums, ids) and numerics as strings, so that no digit is lost;
// every such number here fits a double, and the store code expects numbers as SQLite gives them.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return Number;
    return pg.types.getTypeParser(oid, format);
  },
};

/** Connections each instance keeps open at most; several instances share the server's max_connections. */
export const POSTGRES_POOL_SIZE = 10;

/**
 * Opens a pool on DATABASE_URL. Nothing connects until the first query, so a wrong address or password is
 * reported by the first statement (the migration at start-up).
 */
export function createPostgresDatabase(
  url: string,
  { poolSize = POSTGRES_POOL_SIZE, onIdleError }: { poolSize?: number; onIdleError?: (error: Error) => void } = {},
): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, types });
  // An idle connection the server drops (a restart, a failover) must not crash the process: the pool
  // replaces it on the next query.
  pool.on('error', (error) => onIdleError?.(error));
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
