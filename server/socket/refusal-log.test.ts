import { expect, test } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import { REFUSAL_LOG_INTERVAL_MS, refusalLog } from './refusal-log.ts';

test('an address gets a line, then none until a minute after it; each address on its own', () => {
  const time = manualClock('2026-03-02T18:00:00.000Z');
  const log = refusalLog(time.clock);
  expect([log.due('a'), log.due('a'), log.due('b'), log.due('a')]).toEqual([true, false, true, false]);
  time.advance(REFUSAL_LOG_INTERVAL_MS - 1);
  expect(log.due('a')).toBe(false);
  time.advance(1);
  expect([log.due('a'), log.due('a')]).toEqual([true, false]);
});

test('addresses not refused for a minute are forgotten, so a flood of addresses holds no memory', () => {
  const time = manualClock('2026-03-02T18:00:00.000Z');
  const log = refusalLog(time.clock);
  for (let i = 0; i < 1000; i++) log.due(`2001:db8::${i.toString(16)}`);
  expect(log.size()).toBe(1000);
  time.advance(REFUSAL_LOG_INTERVAL_MS);
  expect(log.due('2001:db8::ffff')).toBe(true);
  expect(log.size()).toBe(1);
});

test('a clock set back does not silence an address', () => {
  const time = manualClock('2026-03-02T18:00:00.000Z');
  const log = refusalLog(time.clock);
  expect(log.due('a')).toBe(true);
  time.advance(-5_000);
  expect(log.due('a')).toBe(true);
});
