import { expect, test } from 'vitest';
import { callingWindow, decideCallTiming } from './call-timing.ts';

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

test('a call placed later waits for the opening of calling hours in every zone of the number, and ends with them', () => {
  // 21:30 in Chicago (02:30 UTC the next day): closed until 9:00 Chicago, open until 20:00.
  const evening = new Date('2026-03-03T03:30:00Z');
  expect(callingWindow(['America/Chicago'], undefined, evening)).toEqual({
    start: new Date('2026-03-03T15:00:00Z'),
    end: new Date('2026-03-04T02:00:00Z'),
  });
  // Inside hours: from now until Chicago's 20:00; with Los Angeles too, until 20:00 there closes the later zone.
  const noon = new Date('2026-03-02T18:00:00Z');
  expect(callingWindow(['America/Chicago'], undefined, noon)).toEqual({
    start: noon,
    end: new Date('2026-03-03T02:00:00Z'),
  });
  expect(callingWindow(['America/Chicago', 'America/Los_Angeles'], undefined, noon)).toEqual({
    start: noon,
    end: new Date('2026-03-03T02:00:00Z'),
  });
  expect(callingWindow([], undefined, noon)).toBeNull();
});
