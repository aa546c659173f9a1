import { expect, test } from 'vitest';
import { visitSchema } from '#shared/visit-schema.ts';
import { isUntrackedPath, referrerOf, trackedPathOf, visitDurationS } from './visit-fields.ts';

test('the operator pages are not tracked, with or without a trailing slash; others are', () => {
  expect(isUntrackedPath('/analytics')).toBe(true);
  expect(isUntrackedPath('/dashboard/')).toBe(true);
  expect(isUntrackedPath('/leads')).toBe(true);
  expect(isUntrackedPath('/')).toBe(false);
  expect(isUntrackedPath('/blogs')).toBe(false);
  expect(isUntrackedPath('/analytics-report')).toBe(false);
});

test('a referrer is kept when the server accepts it, else reduced to its origin or "direct"', () => {
  expect(referrerOf('')).toBe('direct');
  expect(referrerOf('android-app://com.google.android.gm/')).toBe('direct');
  expect(referrerOf('https://www.google.com/')).toBe('https://www.google.com/');
  const long = `https://news.example.com/story?${'q'.repeat(2000)}`;
  expect(referrerOf(long)).toBe('https://news.example.com');
  for (const referrer of ['', 'https://www.google.com/', long, 'ftp://x.example/']) {
    const visit = { page: trackedPathOf('//odd'), referrer: referrerOf(referrer), duration: 0, returnVisit: false };
    expect(visitSchema.safeParse(visit).success).toBe(true);
  }
});

test('the duration is whole seconds since the tab opened, never negative, at most a day', () => {
  expect(visitDurationS(1000, 13_400)).toBe(12);
  expect(visitDurationS(5000, 1000)).toBe(0);
  expect(visitDurationS(0, 10 * 86_400_000)).toBe(86_400);
});
