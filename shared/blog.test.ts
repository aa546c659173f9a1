import { expect, test } from 'vitest';
import { categoryBadges, coverSrc, formatPostDate, postDateToUtc, readingMinutes, readingTimeLabel } from './blog.ts';

test('reading time is one minute per started 200 words of the article', () => {
  expect(readingMinutes(200)).toBe(1);
  expect(readingMinutes(201)).toBe(2);
  expect(readingMinutes(1200)).toBe(6);
  expect(readingMinutes(1201)).toBe(7);
});

test('reading time is at least one minute, even for a very short article', () => {
  expect(readingMinutes(0)).toBe(1);
  expect(readingMinutes(12)).toBe(1);
  expect(readingTimeLabel(3)).toBe('3 min read');
});

test('up to two category badges are shown and the rest are counted', () => {
  expect(categoryBadges(['A'])).toEqual({ shown: ['A'], hidden: [] });
  expect(categoryBadges(['A', 'B'])).toEqual({ shown: ['A', 'B'], hidden: [] });
  expect(categoryBadges(['A', 'B', 'C'])).toEqual({ shown: ['A', 'B'], hidden: ['C'] });
  expect(categoryBadges(['A', 'B', 'C', 'D', 'E']).hidden).toHaveLength(3);
  expect(categoryBadges([])).toEqual({ shown: [], hidden: [] });
});

test('a cover path starting with /public/ loses that prefix, and only that one', () => {
  expect(coverSrc('/public/images/blog/a.svg')).toBe('/images/blog/a.svg');
  expect(coverSrc('/images/blog/a.svg')).toBe('/images/blog/a.svg');
  expect(coverSrc('/publications/a.svg')).toBe('/publications/a.svg');
  expect(coverSrc('/images/public/a.svg')).toBe('/images/public/a.svg');
});

test('dates print as "Apr 10, 2024", whatever the time zone of the machine', () => {
  expect(formatPostDate('2024-04-10')).toBe('Apr 10, 2024');
  expect(formatPostDate('2024-02-28')).toBe('Feb 28, 2024');
  expect(formatPostDate('2024-12-01')).toBe('Dec 1, 2024');
  expect(formatPostDate('2025-01-31')).toBe('Jan 31, 2025');
});

test('a malformed date is refused rather than printed wrongly', () => {
  expect(() => formatPostDate('2024-13-01')).toThrow(/yyyy-mm-dd/);
  expect(() => formatPostDate('April 10, 2024')).toThrow(/yyyy-mm-dd/);
});

test('a post date is midnight UTC of that day', () => {
  expect(postDateToUtc('2024-04-10').toISOString()).toBe('2024-04-10T00:00:00.000Z');
});
