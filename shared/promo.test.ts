import { expect, test } from 'vitest';
import { countdownAt, countdownDuration, countdownParts, PROMO_COUNTDOWN_START_S, secondsLeftAt } from './promo.ts';

test('the countdown starts at 2 days 12 hours 30 minutes', () => {
  expect(countdownAt(0)).toEqual({ days: 2, hours: 12, minutes: 30, seconds: 0 });
});

test('it ticks down each second', () => {
  expect(countdownAt(1000)).toEqual({ days: 2, hours: 12, minutes: 29, seconds: 59 });
  expect(countdownAt(999)).toEqual({ days: 2, hours: 12, minutes: 30, seconds: 0 });
});

test('each unit rolls over into the next one down', () => {
  expect(countdownAt(30 * 60 * 1000)).toEqual({ days: 2, hours: 12, minutes: 0, seconds: 0 });
  expect(countdownAt(30 * 60 * 1000 + 1000)).toEqual({ days: 2, hours: 11, minutes: 59, seconds: 59 });
  expect(countdownAt((12 * 60 + 30) * 60 * 1000 + 1000)).toEqual({ days: 1, hours: 23, minutes: 59, seconds: 59 });
  expect(countdownAt((PROMO_COUNTDOWN_START_S - 1) * 1000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 1 });
});

test('it stops at zero', () => {
  const end = ((2 * 24 + 12) * 60 + 30) * 60 * 1000;
  expect(countdownAt(end)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  expect(countdownAt(end * 3)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
});

test('seconds left count down from the start, whole seconds only, and never go below zero', () => {
  expect(secondsLeftAt(0)).toBe(PROMO_COUNTDOWN_START_S);
  expect(secondsLeftAt(1999)).toBe(PROMO_COUNTDOWN_START_S - 1);
  expect(secondsLeftAt(2000)).toBe(PROMO_COUNTDOWN_START_S - 2);
  expect(secondsLeftAt(PROMO_COUNTDOWN_START_S * 1000)).toBe(0);
  expect(secondsLeftAt(PROMO_COUNTDOWN_START_S * 1000 + 5000)).toBe(0);
  // A clock that steps back (a changed system time) does not add time to the offer.
  expect(secondsLeftAt(-5000)).toBe(PROMO_COUNTDOWN_START_S);
});

test('the countdown reads as an ISO duration for a <time> element', () => {
  expect(countdownDuration(countdownAt(0))).toBe('P2DT12H30M0S');
  expect(countdownDuration(countdownAt(61_000))).toBe('P2DT12H28M59S');
  expect(countdownDuration(countdownAt(PROMO_COUNTDOWN_START_S * 1000))).toBe('P0DT0H0M0S');
});

test('seconds left split into days, hours, minutes and seconds', () => {
  expect(countdownParts(PROMO_COUNTDOWN_START_S)).toEqual({ days: 2, hours: 12, minutes: 30, seconds: 0 });
  expect(countdownParts(86_400 + 3600 + 61)).toEqual({ days: 1, hours: 1, minutes: 1, seconds: 1 });
  expect(countdownParts(0)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
});
