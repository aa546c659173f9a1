import type { Clock } from '#shared/clock.ts';

/** A refused address gets at most one log line in this long; every refusal is still counted in the metrics. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000;

/**
 * Decides which socket refusals are worth a log line: the first from an address, then at most one a minute.
 * A client refused hundreds of times a minute would otherwise write as many lines. Addresses not refused for a
 * minute are forgotten, so it holds only the addresses refused in the last one.
 */
export function refusalLog(clock: Clock) {
  const lastLine = new Map<string, number>();
  let sweptAt = Number.NEGATIVE_INFINITY;
  return {
    /** True when a refusal of `address` now should be logged (and counts as its line). */
    due(address: string): boolean {
      const now = clock().getTime();
      if (now - sweptAt >= REFUSAL_LOG_INTERVAL_MS) {
        for (const [known, at] of lastLine) if (now - at >= REFUSAL_LOG_INTERVAL_MS) lastLine.delete(known);
        sweptAt = now;
      }
      const last = lastLine.get(address);
      if (last !== undefined && now - last < REFUSAL_LOG_INTERVAL_MS && now >= last) return false;
      lastLine.set(address, now);
      return true;
    },
    /** Addresses remembered now; for tests. */
    size: () => lastLine.size,
  };
}
