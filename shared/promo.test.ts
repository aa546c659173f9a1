import { expect, test } from 'vitest';
import { countdownAt, PROMO_COUNTDOWN_START_S } from './promo.ts';

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
