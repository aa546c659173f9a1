import { expect, test } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import { memoryReplayGuard } from './replay-guard.ts';

const T0 = '2026-03-02T15:00:00.000Z';
const inSeconds = (time: ReturnType<typeof manualClock>, s: number) => new Date(time.clock().getTime() + s * 1000);

test('a signature is new once, then seen until it expires, then new again', async () => {
  const time = manualClock(T0);
  const guard = memoryReplayGuard({ clock: time.clock });
  const expiresAt = inSeconds(time, 300);
  expect(await guard.seen('sha256=aa', expiresAt)).toBe(false);
  expect(await guard.seen('sha256=aa', expiresAt)).toBe(true);
  expect(await guard.seen('sha256=bb', expiresAt)).toBe(false);
  time.advance(299_999);
  expect(await guard.seen('sha256=aa', expiresAt)).toBe(true);
  time.advance(1);
  expect(await guard.seen('sha256=aa', inSeconds(time, 300))).toBe(false);
  expect(await guard.seen('sha256=aa', inSeconds(time, 300))).toBe(true);
});

test('expired entries are dropped, so memory follows the traffic of the last window only', async () => {
  const time = manualClock(T0);
  const guard = memoryReplayGuard({ clock: time.clock });
  for (let i = 0; i < 1_000; i++) await guard.seen(`sha256=${i}`, inSeconds(time, 300));
  expect(guard.size).toBe(1_000);
  time.advance(301_000);
  await guard.seen('sha256=later', inSeconds(time, 300));
  expect(guard.size).toBe(1);
});

test('an entry that expires earlier than those before it is not taken for seen once it has expired', async () => {
  const time = manualClock(T0);
  const guard = memoryReplayGuard({ clock: time.clock });
  await guard.seen('sha256=long', inSeconds(time, 600));
  await guard.seen('sha256=short', inSeconds(time, 10));
  time.advance(11_000);
  expect(await guard.seen('sha256=short', inSeconds(time, 300))).toBe(false);
  expect(await guard.seen('sha256=long', inSeconds(time, 600))).toBe(true);
});

test('it never holds more than its bound: the oldest signatures are forgotten first', async () => {
  const time = manualClock(T0);
  const guard = memoryReplayGuard({ clock: time.clock, maxEntries: 3 });
  for (let i = 0; i < 50; i++) {
    expect(await guard.seen(`sha256=${i}`, inSeconds(time, 300))).toBe(false);
    expect(guard.size).toBeLessThanOrEqual(3);
  }
  expect(await guard.seen('sha256=49', inSeconds(time, 300))).toBe(true);
  expect(await guard.seen('sha256=47', inSeconds(time, 300))).toBe(true);
  expect(await guard.seen('sha256=0', inSeconds(time, 300))).toBe(false);
});
