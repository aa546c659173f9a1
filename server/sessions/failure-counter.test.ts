import { expect, test } from 'vitest';
import { memoryFailureCounter } from './failure-counter.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 2, 2, 15, minute));
const WINDOW_MS = 15 * 60_000;

test('the first failure opens a window; failures count in it until it closes, then start again', async () => {
  const counter = memoryFailureCounter({ windowMs: WINDOW_MS });
  expect(await counter.get('a', at(0))).toBeUndefined();
  expect(await counter.add('a', at(0))).toEqual({ failures: 1, resetAt: at(15) });
  expect(await counter.add('a', at(14))).toEqual({ failures: 2, resetAt: at(15) });
  expect(await counter.get('a', at(14))).toEqual({ failures: 2, resetAt: at(15) });
  expect(await counter.get('a', at(15))).toBeUndefined();
  expect(await counter.add('a', at(16))).toEqual({ failures: 1, resetAt: at(31) });
});

test('keys count apart, and a reset forgets one key only', async () => {
  const counter = memoryFailureCounter({ windowMs: WINDOW_MS });
  await counter.add('a', at(0));
  await counter.add('a', at(0));
  await counter.add('b', at(1));
  await counter.reset('a');
  expect(await counter.get('a', at(2))).toBeUndefined();
  expect(await counter.get('b', at(2))).toEqual({ failures: 1, resetAt: at(16) });
});

test('memory stays bounded: closed windows go first, then the oldest open ones', async () => {
  const counter = memoryFailureCounter({ windowMs: WINDOW_MS, maxKeys: 3 });
  await counter.add('old', at(0));
  await counter.add('b', at(10));
  await counter.add('c', at(10));
  // 'old' has closed by minute 20, so it makes room and the others stay.
  await counter.add('d', at(20));
  expect(counter.size).toBe(3);
  expect(await counter.get('b', at(20))).toEqual({ failures: 1, resetAt: at(25) });
  // All three open: the oldest of them goes.
  await counter.add('e', at(21));
  expect(counter.size).toBe(3);
  expect(await counter.get('b', at(21))).toBeUndefined();
  expect(await counter.get('c', at(21))).toEqual({ failures: 1, resetAt: at(25) });
});
