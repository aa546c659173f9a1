import { sql } from 'kysely';
import type { DB } from './database.ts';
import { isPostgres } from './dialect.ts';

export type LockedRun<T> = { ran: true; result: T } | { ran: false };

/**
 * Runs `work` on one instance at a time. On PostgreSQL it holds a session advisory lock named `name` on one
 * connection while `work` runs there; an instance that finds the lock taken skips the run (the holder does it),
 * and PostgreSQL frees the lock when the holder's connection ends, also when that instance dies, so the next
 * run goes to whichever instance asks first. SQLite has one server per file: the work just runs.
 */
export async function onOneInstance<T>(db: DB, name: string, work: (db: DB) => Promise<T>): Promise<LockedRun<T>> {
  if (!isPostgres(db)) return { ran: true, result: await work(db) };
  return db.connection().execute(async (connection): Promise<LockedRun<T>> => {
    const { rows } = await sql<{ locked: boolean }>`
      select pg_try_advisory_lock(hashtext(${name})) as locked`.execute(connection);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, result: await work(connection) };
    } finally {
      await sql`select pg_advisory_unlock(hashtext(${name}))`.execute(connection);
    }
  });
}
