import type { Clock } from '#shared/clock.ts';

export interface TokenBucket {
  /** Takes a token if there is one; false means "not now". */
  take(): boolean;
}

/** `capacity` at once, then one more every `refillMs`; time comes from `clock`, so tests move it by hand. */
export function tokenBucket({
  capacity,
  refillMs,
  clock,
}: {
  capacity: number;
  refillMs: number;
  clock: Clock;
}): TokenBucket {
  let tokens = capacity;
  let last = clock().getTime();
  return {
    take() {
      const now = clock().getTime();
      // A clock that steps back refills nothing until it has caught up again.
      if (now > last) {
        tokens = Math.min(capacity, tokens + (now - last) / refillMs);
        last = now;
      }
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
