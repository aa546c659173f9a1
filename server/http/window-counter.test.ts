import { expect, test } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import { windowCounter } from './window-counter.ts';

test('hits count per key inside a window that opens at the first hit', () => {
  const time = manualClock('2026-03-02T15:00:00.000Z');
  const counter = windowCounter({ windowMs: 60_000, clock: time.clock });
  expect(counter.count('10.0.0.1')).toBe(0);
  expect(counter.hit('10.0.0.1')).toBe(1);
  expect(counter.hit('10.0.0.1')).toBe(2);
  expect(counter.hit('10.0.0.2')).toBe(1);
  expect(counter.retryAfterS('10.0.0.1')).toBe(60);
  time.advance(59_500);
  expect(counter.count('10.0.0.1')).toBe(2);
  expect(counter.retryAfterS('10.0.0.1')).toBe(1);
  time.advance(500);
  expect(counter.count('10.0.0.1')).toBe(0);
  expect(counter.retryAfterS('10.0.0.1')).toBe(0);
  expect(counter.hit('10.0.0.1')).toBe(1);
});

test('it keeps at most maxKeys addresses, forgetting the oldest window first', () => {
  const time = manualClock('2026-03-02T15:00:00.000Z');
  const counter = windowCounter({ windowMs: 60_000, clock: time.clock, maxKeys: 2 });
  counter.hit('a');
  counter.hit('a');
  counter.hit('b');
  counter.hit('c');
  expect(counter.count('a')).toBe(0);
  expect(counter.count('b')).toBe(1);
  expect(counter.count('c')).toBe(1);
});
