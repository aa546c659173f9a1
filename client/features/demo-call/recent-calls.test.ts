import { expect, test } from 'vitest';
import { isCoolingDown, withCall } from './recent-calls.ts';

const HOUR = 60 * 60 * 1000;
const start = Date.parse('2026-01-15T18:00:00Z');

test('a number is cooling down for 6 hours after its call was accepted, and not a moment longer', () => {
  const calls = withCall({}, 'a', start);
  expect(isCoolingDown(calls, 'a', start + 6 * HOUR - 1)).toBe(true);
  expect(isCoolingDown(calls, 'a', start + 6 * HOUR)).toBe(false);
  expect(isCoolingDown(calls, 'b', start)).toBe(false);
});

test('remembering a call forgets the numbers whose 6 hours are over', () => {
  const calls = withCall(withCall({}, 'old', start), 'new', start + 7 * HOUR);
  expect(Object.keys(calls)).toEqual(['new']);
});
