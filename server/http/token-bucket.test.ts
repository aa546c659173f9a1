import { expect, test } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import { tokenBucket } from './token-bucket.ts';

const takeAll = (bucket: { take(): boolean }, times: number) => Array.from({ length: times }, () => bucket.take());

test('a full bucket allows its capacity at once, then one more per refill interval', () => {
  const time = manualClock('2026-03-02T18:00:00Z');
  const bucket = tokenBucket({ capacity: 3, refillMs: 1_000, clock: time.clock });
  expect(takeAll(bucket, 4)).toEqual([true, true, true, false]);
  time.advance(999);
  expect(bucket.take()).toBe(false);
  time.advance(1);
  expect(takeAll(bucket, 2)).toEqual([true, false]);
  // A long pause refills up to the capacity, no more.
  time.advance(60_000);
  expect(takeAll(bucket, 4)).toEqual([true, true, true, false]);
});

test('a clock that steps back refills nothing until it has caught up', () => {
  const time = manualClock('2026-03-02T18:00:00Z');
  const bucket = tokenBucket({ capacity: 1, refillMs: 1_000, clock: time.clock });
  expect(bucket.take()).toBe(true);
  time.advance(-5_000);
  expect(bucket.take()).toBe(false);
  time.advance(5_000);
  expect(bucket.take()).toBe(false);
  time.advance(1_000);
  expect(bucket.take()).toBe(true);
});
