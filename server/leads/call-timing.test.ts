import { expect, test } from 'vitest';
import { decideCallTiming } from './call-timing.ts';

// 18:00Z on 2026-03-02: 12:00 in Chicago, 10:00 in Los Angeles, 08:00 in Honolulu.
const noonInChicago = new Date('2026-03-02T18:00:00Z');

test('the phone’s zone decides; the browser’s is ignored when the phone has one', () => {
  expect(decideCallTiming(['America/Chicago'], 'Pacific/Honolulu', noonInChicago)).toEqual({
    timezone: 'America/Chicago',
    scheduled: false,
  });
  expect(decideCallTiming(['Pacific/Honolulu'], 'America/Chicago', noonInChicago)).toEqual({
    timezone: 'Pacific/Honolulu',
    scheduled: true,
  });
});

test('an area code spanning zones is called only when every one of them is inside hours', () => {
  expect(decideCallTiming(['America/Chicago', 'America/Los_Angeles'], undefined, noonInChicago).scheduled).toBe(false);
  expect(decideCallTiming(['America/Chicago', 'Pacific/Honolulu'], undefined, noonInChicago)).toEqual({
    timezone: 'America/Chicago',
    scheduled: true,
  });
});

test('with no zone for the phone the browser’s is the guess; with neither the call waits', () => {
  expect(decideCallTiming([], 'America/Chicago', noonInChicago)).toEqual({
    timezone: 'America/Chicago',
    scheduled: false,
  });
  expect(decideCallTiming([], 'Not/AZone', noonInChicago)).toEqual({ timezone: null, scheduled: true });
  expect(decideCallTiming([], undefined, noonInChicago)).toEqual({ timezone: null, scheduled: true });
});
