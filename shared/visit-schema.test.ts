import { expect, test } from 'vitest';
import { z } from 'zod';
import { visitSchema } from './visit-schema.ts';

const valid = { page: '/blogs', referrer: 'direct', duration: 42, returnVisit: false, sourceTag: 'website' };

function fieldErrors(input: unknown) {
  const result = visitSchema.safeParse(input);
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}

test('a well-formed visit parses unchanged', () => {
  expect(visitSchema.parse(valid)).toEqual(valid);
  expect(visitSchema.parse({ ...valid, referrer: 'https://www.google.com/' }).referrer).toBe('https://www.google.com/');
});

test('a referrer is kept without its query or fragment: what a visitor typed in a form sent without script, say', () => {
  const referrerOf = (referrer: string) => visitSchema.parse({ ...valid, referrer }).referrer;
  expect(referrerOf('https://porchlight.example/?phone=%2B1+%28210%29+555-0199')).toBe('https://porchlight.example/');
  expect(referrerOf('https://porchlight.example/leads?q=jane#top')).toBe('https://porchlight.example/leads');
  expect(referrerOf('https://www.google.com/search?q=porchlight')).toBe('https://www.google.com/search');
});

test('an empty referrer means direct, and a missing source tag is null', () => {
  const { sourceTag: _, ...untagged } = valid;
  expect(visitSchema.parse({ ...untagged, referrer: '' })).toEqual({
    ...untagged,
    referrer: 'direct',
    sourceTag: null,
  });
});

test.each([
  ['page', 'blogs'],
  ['page', '//evil.example/x'],
  ['page', '/with space'],
  ['page', `/${'a'.repeat(600)}`],
  ['page', '/blogs\u200B'],
  ['page', '/blogs\u{E0041}\u{E0042}'],
  ['referrer', 'javascript:alert(1)'],
  ['referrer', 'nowhere'],
  ['referrer', 'https://www.google.com/\u{E0041}'],
  ['duration', -1],
  ['duration', 1.5],
  ['duration', 86_401],
  ['duration', '12'],
  ['returnVisit', 'yes'],
  ['sourceTag', 'Not A Tag'],
])('%s = %j is refused with a message for that field', (field, value) => {
  const errors = fieldErrors({ ...valid, [field]: value });
  expect(Object.keys(errors)).toEqual([field]);
});

test('missing fields are each named', () => {
  expect(Object.keys(fieldErrors({})).sort()).toEqual(['duration', 'page', 'referrer', 'returnVisit']);
});
