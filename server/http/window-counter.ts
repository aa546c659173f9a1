import type { Clock } from '#shared/clock.ts';

export interface WindowCounter {
  /** Hits counted for `key` in its current window (0 once the window has passed). */
  count(key: string): number;
  /** Counts one hit for `key` and answers the new count; the first hit opens a window of `windowMs`. */
  hit(key: string): number;
  /** Whole seconds until `key`'s window closes, for Retry-After. */
  retryAfterS(key: string): number;
}

/**
 * Fixed windows per key (a client address) on the injected clock, in memory, bounded in size. Used where
 * express-rate-limit does not fit: counting only some outcomes, and refusing before any work is done.
 */
export function windowCounter({
  windowMs,
  clock,
  maxKeys = 10_000,
}: {
  windowMs: number;
  clock: Clock;
  maxKeys?: number;
}): WindowCounter {
  // Every window is equally long and a key is (re)inserted when its window opens, so insertion order is
  // closing order: expired windows are always at the front.
  const windows = new Map<string, { hits: number; endsAt: number }>();

  function current(key: string, now: number) {
    for (const [oldest, window] of windows) {
      if (window.endsAt > now) break;
      windows.delete(oldest);
    }
    return windows.get(key);
  }

  return {
    count(key) {
      return current(key, clock().getTime())?.hits ?? 0;
    },
    hit(key) {
      const now = clock().getTime();
      const window = current(key, now);
      if (window) return ++window.hits;
      // A full map forgets its oldest window: that client starts afresh, which is better than holding on
      // to an unbounded number of addresses.
      if (windows.size >= maxKeys) {
        const oldest = windows.keys().next();
        if (!oldest.done) windows.delete(oldest.value);
      }
      windows.set(key, { hits: 1, endsAt: now + windowMs });
      return 1;
    },
    retryAfterS(key) {
      const now = clock().getTime();
      const window = current(key, now);
      return window ? Math.max(1, Math.ceil((window.endsAt - now) / 1000)) : 0;
    },
  };
}
