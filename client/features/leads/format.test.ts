import { expect, test } from 'vitest';
import { callStateText, formatAge, formatDuration, formatTime } from './format.ts';

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

test('a call reads as where it stands, how it ended and how long it lasted', () => {
  expect(callStateText({ state: 'preparing', outcome: null, durationSeconds: null })).toBe('preparing');
  expect(callStateText({ state: 'in-progress', outcome: null, durationSeconds: null })).toBe('in progress');
  expect(callStateText({ state: 'ended', outcome: 'no-answer', durationSeconds: 45 })).toBe('ended: no answer, 45 s');
  expect(callStateText({ state: 'ended', outcome: 'completed', durationSeconds: 185 })).toBe(
    'ended: completed, 3 min 5 s',
  );
  expect(formatDuration(120)).toBe('2 min');
});

test('a time says its zone', () => {
  expect(formatTime('2026-03-02T18:00:00.000Z', 'America/Chicago')).toBe('Mar 2, 2026, 12:00 PM CST');
  expect(formatTime('2026-07-02T18:00:00.000Z', 'America/New_York')).toBe('Jul 2, 2026, 2:00 PM EDT');
  expect(formatTime('2026-03-02T18:00:00.000Z', 'UTC')).toBe('Mar 2, 2026, 6:00 PM UTC');
});
