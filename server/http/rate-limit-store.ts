import type { ClientRateLimitInfo, IncrementResponse, Store } from 'express-rate-limit';
import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';

/**
 * The store options of one named limit: a shared store, or nothing for express-rate-limit's own (this
 * process's memory). Spread into `rateLimit({...})`.
 */
export type RateLimitStores = (name: string) => { store?: Store };

/** Hits counted under one key in its open window. */
export interface SharedCount {
  hits: number;
  /** When the window closes and the count starts again from nothing. */
  resetAt: Date;
}

// Closed windows are deleted at most this often per counter and instance; the index on reset_at keeps it cheap.
const CLEANUP_EVERY_MS = 60_000;

/**
 * Counts per key in PostgreSQL's rate_limits table, so that N instances behind a load balancer enforce one limit
 * rather than N: fixed windows opened by a key's first hit, each hit one atomic upsert (concurrent hits on any
 * instance serialise on the row). Keys are prefixed by the counter's name, so each has its own counts.
 */
export function sharedCounts(db: DB, name: string) {
  const prefix = `${name}:`;
  // The first clean-up is an interval after this instance's first hit: a fresh instance adds no query at once.
  let cleanedAt: number | undefined;

  /** Deletes closed windows now and then, without holding up the request. */
  function cleanUp(now: Date): void {
    cleanedAt ??= now.getTime();
    if (now.getTime() - cleanedAt < CLEANUP_EVERY_MS) return;
    const previous = cleanedAt;
    cleanedAt = now.getTime();
    sql`delete from rate_limits where reset_at <= ${now.toISOString()}`.execute(db).catch(() => {
      // The next hit tries again; a closed window is never counted meanwhile.
      cleanedAt = previous;
    });
  }

  const toCount = (row: { hits: number; reset_at: string }): SharedCount => ({
    hits: Number(row.hits),
    resetAt: new Date(row.reset_at),
  });

  return {
    prefix,
    /** The count under `key` at `now`; undefined when no window is open. */
    async get(key: string, now: Date): Promise<SharedCount | undefined> {
      const { rows } = await sql<{ hits: number; reset_at: string }>`
        select hits, reset_at from rate_limits
        where key = ${prefix + key} and reset_at > ${now.toISOString()}`.execute(db);
      return rows[0] && toCount(rows[0]);
    },
    /** One more hit under `key`, opening a window of `windowMs` at `now` when none is open. */
    async add(key: string, now: Date, windowMs: number): Promise<SharedCount> {
      const at = now.toISOString();
      const resetAt = new Date(now.getTime() + windowMs).toISOString();
      const { rows } = await sql<{ hits: number; reset_at: string }>`
        insert into rate_limits (key, hits, reset_at) values (${prefix + key}, 1, ${resetAt})
        on conflict (key) do update set
          hits = case when rate_limits.reset_at <= ${at} then 1 else rate_limits.hits + 1 end,
          reset_at = case when rate_limits.reset_at <= ${at} then excluded.reset_at else rate_limits.reset_at end
        returning hits, reset_at`.execute(db);
      cleanUp(now);
      const row = rows[0];
      if (!row) throw new Error('the rate limit upsert returned no row');
      return toCount(row);
    },
    /** One hit less under `key`, if its window is still open. */
    async remove(key: string, now: Date): Promise<void> {
      await sql`
        update rate_limits set hits = greatest(hits - 1, 0)
        where key = ${prefix + key} and reset_at > ${now.toISOString()}`.execute(db);
    },
    async reset(key: string): Promise<void> {
      await sql`delete from rate_limits where key = ${prefix + key}`.execute(db);
    },
  };
}

/**
 * express-rate-limit's store over PostgreSQL's shared counts, its windows timed by `clock`. When PostgreSQL
 * cannot be reached the request goes on uncounted (and `onError` is told): the store itself is then failing
 * too, and a limit must not turn that into an error of its own on every API call.
 */
export function postgresRateLimitStore(
  db: DB,
  { name, clock, onError }: { name: string; clock: Clock; onError: (error: unknown) => void },
): Store {
  const counts = sharedCounts(db, name);
  // Told by express-rate-limit (init) before the first hit.
  let windowMs = 60_000;
  const uncounted = (error: unknown) => {
    onError(error);
    return undefined;
  };
  return {
    prefix: counts.prefix,
    // Counts live in the database: the same key on two limits (or instances) is not the same count twice.
    localKeys: false,
    init(options) {
      windowMs = options.windowMs;
    },
    async get(key): Promise<ClientRateLimitInfo | undefined> {
      const count = await counts.get(key, clock()).catch(uncounted);
      return count && { totalHits: count.hits, resetTime: count.resetAt };
    },
    async increment(key): Promise<IncrementResponse> {
      const now = clock();
      // Uncounted, it is answered as the window's first hit would be (every limit allows at least one).
      const count = (await counts.add(key, now, windowMs).catch(uncounted)) ?? {
        hits: 1,
        resetAt: new Date(now.getTime() + windowMs),
      };
      return { totalHits: count.hits, resetTime: count.resetAt };
    },
    decrement: (key) => counts.remove(key, clock()).catch(uncounted),
    resetKey: (key) => counts.reset(key).catch(uncounted),
  };
}

/** PostgreSQL's shared counts when the store is PostgreSQL; on SQLite (one instance) each limit's memory store. */
export function rateLimitStores(db: DB, clock: Clock, logger: Logger): RateLimitStores {
  if (!isPostgres(db)) return () => ({});
  const log = logger.child({ subsystem: 'rate-limit' });
  return (name) => ({
    store: postgresRateLimitStore(db, {
      name,
      clock,
      onError: (error) => log.warn({ err: error, limit: name }, 'a request went uncounted: the shared counts failed'),
    }),
  });
}
