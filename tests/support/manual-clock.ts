import type { Clock } from '#shared/clock.ts';

/** A clock that only moves when the test says so. */
export function manualClock(start: string | Date) {
  let now = new Date(start);
  const clock: Clock = () => new Date(now);
  return {
    clock,
    set(to: string | Date) {
      now = new Date(to);
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}
