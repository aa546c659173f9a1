import { expect, test } from 'vitest';
import { formatAge } from './format.ts';

test.each([
  [0, '0 s'],
  [-5_000, '0 s'],
  [59_999, '59 s'],
  [60_000, '1 min'],
  [3_599_000, '59 min'],
  [3_600_000, '1 h'],
  [12_000_000, '3 h 20 min'],
  [47 * 3_600_000, '47 h'],
  [48 * 3_600_000, '2 days'],
  [10 * 86_400_000 + 5, '10 days'],
])('an age of %i ms reads %j', (ms, text) => {
  expect(formatAge(ms)).toBe(text);
});
