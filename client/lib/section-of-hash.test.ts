import { expect, test } from 'vitest';
import { sectionOfHash } from './smooth-scroll.ts';

test('a hash names its section, decoded; an empty one names none', () => {
  expect(sectionOfHash('#pricing')).toBe('pricing');
  expect(sectionOfHash('#caf%C3%A9')).toBe('café');
  expect(sectionOfHash('#')).toBeUndefined();
  expect(sectionOfHash('')).toBeUndefined();
});

test('a hash that is no valid escape names the section as it is spelled, rather than throwing', () => {
  expect(sectionOfHash('#%E0%A4%A')).toBe('%E0%A4%A');
  expect(sectionOfHash('#%')).toBe('%');
});
