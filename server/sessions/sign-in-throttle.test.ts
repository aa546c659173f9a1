import { expect, test } from 'vitest';
import { memoryFailureCounter } from './failure-counter.ts';
import { backoffDelay, signInThrottle } from './sign-in-throttle.ts';

test('the pause doubles with each step from the base, up to the cap', () => {
  expect([0, 1, 2, 3, 4, 5, 6].map((step) => backoffDelay(step, 500, 5000))).toEqual([
    0, 500, 1000, 2000, 4000, 5000, 5000,
  ]);
  expect(backoffDelay(10_000, 500, 5000)).toBe(5000);
  expect(backoffDelay(3, 0, 5000)).toBe(0);
});

test('an attempt still in progress counts against its address until it succeeds', async () => {
  const now = new Date('2026-03-02T15:00:00.000Z');
  const throttle = signInThrottle(memoryFailureCounter({ windowMs: 60_000 }), {
    perAddress: 2,
    perRole: 100,
    baseDelayMs: 10,
    maxDelayMs: 1000,
  });
  const first = await throttle.admit('client', '192.0.2.1', now);
  const second = await throttle.admit('client', '192.0.2.1', now);
  expect(await throttle.admit('client', '192.0.2.1', now)).toEqual({ locked: true, retryAfterMs: 60_000 });
  if (first.locked || second.locked) throw new Error('the first two attempts are let in');
  expect(await second.failed(now)).toBe(20);
  await first.succeeded();
  expect((await throttle.admit('client', '192.0.2.1', now)).locked).toBe(false);
});
