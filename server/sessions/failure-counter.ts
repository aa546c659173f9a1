import type { DB } from '#db/database.ts';
import { type SharedCount, sharedCounts } from '#server/http/rate-limit-store.ts';

/** The window of LOGIN_ATTEMPTS_PER_15_MIN and LOGIN_ROLE_FAILURES_PER_15_MIN. */
export const SIGN_IN_WINDOW_MS = 15 * 60_000;

/** Failures counted under one key within a fixed window that the first failure opens. */
export interface FailureCount {
  failures: number;
  /** When the window closes and the count starts again from nothing. */
  resetAt: Date;
}

/**
 * Where failed sign-ins are counted. Each call is one atomic step, so another store (PostgreSQL, shared by
 * several instances) can stand in with one statement per method.
 */
export interface FailureCounter {
  /** The count under `key` now; undefined when no window is open. */
  get(key: string, now: Date): Promise<FailureCount | undefined>;
  /** Counts one more failure under `key`, opening a window at `now` if none is open; returns the new count. */
  add(key: string, now: Date): Promise<FailureCount>;
  /** Forgets `key`. */
  reset(key: string): Promise<void>;
}

/**
 * Counts in this process. Closed windows are dropped as they are met, and all at once when more than
 * `maxKeys` are held; if that is still too many (a flood of addresses), the oldest windows go first.
 */
export function memoryFailureCounter({ windowMs, maxKeys = 100_000 }: { windowMs: number; maxKeys?: number }) {
  const windows = new Map<string, { failures: number; resetAt: number }>();

  const open = (key: string, now: Date) => {
    const held = windows.get(key);
    if (held && held.resetAt <= now.getTime()) {
      windows.delete(key);
      return undefined;
    }
    return held;
  };

  const makeRoom = (now: Date) => {
    if (windows.size < maxKeys) return;
    for (const [key, held] of windows) if (held.resetAt <= now.getTime()) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size < maxKeys) break;
      windows.delete(key);
    }
  };

  const counter: FailureCounter & { readonly size: number } = {
    async get(key, now) {
      const held = open(key, now);
      return held && { failures: held.failures, resetAt: new Date(held.resetAt) };
    },
    async add(key, now) {
      let held = open(key, now);
      if (!held) {
        makeRoom(now);
        held = { failures: 0, resetAt: now.getTime() + windowMs };
        windows.set(key, held);
      }
      held.failures += 1;
      return { failures: held.failures, resetAt: new Date(held.resetAt) };
    },
    async reset(key) {
      windows.delete(key);
    },
    /** How many windows are held (tests check the bound). */
    get size() {
      return windows.size;
    },
  };
  return counter;
}

/**
 * Counts in PostgreSQL (server/http/rate-limit-store.ts), so that the sign-in limits hold across every instance on
 * the database rather than per instance: one statement per method.
 */
export function postgresFailureCounter(db: DB, { windowMs }: { windowMs: number }): FailureCounter {
  const counts = sharedCounts(db, 'sign-in-failures');
  const toFailures = (count: SharedCount): FailureCount => ({ failures: count.hits, resetAt: count.resetAt });
  return {
    async get(key, now) {
      const count = await counts.get(key, now);
      return count && toFailures(count);
    },
    async add(key, now) {
      return toFailures(await counts.add(key, now, windowMs));
    },
    reset: (key) => counts.reset(key),
  };
}
