import { expect, test } from 'vitest';
import { callTimingAt, hourLabel, isValidTimeZone, isWithinCallingHours, localHour } from './business-hours.ts';

const at = (iso: string) => new Date(iso);

test.each([
  // 2026-01-15 is winter time: Chicago UTC-6, New York UTC-5, Los Angeles UTC-8.
  ['America/Chicago', '2026-01-15T14:59:59Z', false], // 08:59:59
  ['America/Chicago', '2026-01-15T15:00:00Z', true], // 09:00
  ['America/Chicago', '2026-01-16T01:59:59Z', true], // 19:59:59
  ['America/Chicago', '2026-01-16T02:00:00Z', false], // 20:00
  ['America/New_York', '2026-01-15T14:00:00Z', true], // 09:00
  ['America/Los_Angeles', '2026-01-15T14:00:00Z', false], // 06:00
  ['America/Los_Angeles', '2026-01-16T03:30:00Z', true], // 19:30
  ['Pacific/Honolulu', '2026-01-15T19:00:00Z', true], // 09:00 (no DST)
  ['America/Phoenix', '2026-07-15T02:59:00Z', true], // 19:59 (no DST in summer either)
  ['America/Phoenix', '2026-07-15T03:00:00Z', false], // 20:00
  ['Asia/Kolkata', '2026-01-15T03:30:00Z', true], // 09:00 in a half-hour zone
  ['Asia/Kolkata', '2026-01-15T03:29:00Z', false], // 08:59
])('%s at %s: within calling hours is %s', (zone, iso, expected) => {
  expect(isWithinCallingHours(zone, at(iso))).toBe(expected);
});

test('spring forward (2026-03-08 in the US): the same UTC instant moves an hour later on the wall clock', () => {
  // 14:30Z is 08:30 CST the day before the change and 09:30 CDT the day after.
  expect(localHour('America/Chicago', at('2026-03-07T14:30:00Z'))).toBe(8);
  expect(isWithinCallingHours('America/Chicago', at('2026-03-07T14:30:00Z'))).toBe(false);
  expect(localHour('America/Chicago', at('2026-03-09T14:30:00Z'))).toBe(9);
  expect(isWithinCallingHours('America/Chicago', at('2026-03-09T14:30:00Z'))).toBe(true);
  // On the day itself: 02:00 CST jumps to 03:00 CDT at 08:00Z.
  expect(localHour('America/Chicago', at('2026-03-08T07:59:00Z'))).toBe(1);
  expect(localHour('America/Chicago', at('2026-03-08T08:00:00Z'))).toBe(3);
  // The evening edge follows too: 20:00 CDT is 01:00Z.
  expect(isWithinCallingHours('America/Chicago', at('2026-03-09T00:59:59Z'))).toBe(true);
  expect(isWithinCallingHours('America/Chicago', at('2026-03-09T01:00:00Z'))).toBe(false);
});

test('fall back (2026-11-01 in the US): the same UTC instant moves an hour earlier on the wall clock', () => {
  // 13:30Z is 08:30 CDT the day before and 07:30 CST the day after; 14:30Z is 09:30 then 08:30.
  expect(isWithinCallingHours('America/Chicago', at('2026-10-31T14:30:00Z'))).toBe(true);
  expect(isWithinCallingHours('America/Chicago', at('2026-11-02T14:30:00Z'))).toBe(false);
  expect(isWithinCallingHours('America/Chicago', at('2026-11-02T15:00:00Z'))).toBe(true);
  // 01:00-01:59 happens twice on the day itself.
  expect(localHour('America/Chicago', at('2026-11-01T06:30:00Z'))).toBe(1);
  expect(localHour('America/Chicago', at('2026-11-01T07:30:00Z'))).toBe(1);
  // 20:00 CST is 02:00Z after the change.
  expect(isWithinCallingHours('America/Chicago', at('2026-11-02T01:59:59Z'))).toBe(true);
  expect(isWithinCallingHours('America/Chicago', at('2026-11-02T02:00:00Z'))).toBe(false);
});

test('European DST (last Sunday of March) moves the window on its own date', () => {
  // 2026-03-29: London goes from GMT to BST at 01:00Z. 08:30Z is 08:30 before and 09:30 after.
  expect(isWithinCallingHours('Europe/London', at('2026-03-28T08:30:00Z'))).toBe(false);
  expect(isWithinCallingHours('Europe/London', at('2026-03-30T08:30:00Z'))).toBe(true);
});

test('a zone the runtime does not know is refused', () => {
  expect(isValidTimeZone('America/Chicago')).toBe(true);
  expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
  expect(() => isWithinCallingHours('Mars/Olympus_Mons', at('2026-01-15T15:00:00Z'))).toThrow(RangeError);
});

test.each([
  [0, 'later-today'],
  [8, 'later-today'],
  [9, 'now'],
  [19, 'now'],
  [20, 'tomorrow'],
  [23, 'tomorrow'],
] as const)('a call asked for at %i:00 comes %s', (hour, timing) => {
  expect(callTimingAt(hour)).toBe(timing);
});

test('hours read as a visitor reads them', () => {
  expect([0, 9, 12, 20].map(hourLabel)).toEqual(['12 AM', '9 AM', '12 PM', '8 PM']);
});
