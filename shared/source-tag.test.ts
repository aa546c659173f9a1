import { expect, test } from 'vitest';
import { calendarFor, DEFAULT_SOURCE_TAG, isSourceTag, resolveSourceTag } from './source-tag.ts';

test('the query parameter wins over the stored value', () => {
  expect(resolveSourceTag({ query: 'agent-isa', stored: 'isa-hq' })).toBe('agent-isa');
});

test('without a query parameter the stored value is used', () => {
  expect(resolveSourceTag({ query: null, stored: 'isa-hq' })).toBe('isa-hq');
  expect(resolveSourceTag({ query: '', stored: 'isa-hq' })).toBe('isa-hq');
  expect(resolveSourceTag({ stored: 'spring-mailer' })).toBe('spring-mailer');
});

test('with neither, the default is used', () => {
  expect(DEFAULT_SOURCE_TAG).toBe('website');
  expect(resolveSourceTag({})).toBe('website');
  expect(resolveSourceTag({ query: null, stored: null })).toBe('website');
});

test('a tag is trimmed and lower-cased; junk is ignored as if absent', () => {
  expect(resolveSourceTag({ query: ' Agent-ISA ' })).toBe('agent-isa');
  expect(resolveSourceTag({ query: '<script>alert(1)</script>', stored: 'isa-hq' })).toBe('isa-hq');
  expect(resolveSourceTag({ query: 'x'.repeat(65) })).toBe('website');
  expect(isSourceTag('isa-hq')).toBe(true);
  expect(isSourceTag('-lead')).toBe(false);
  expect(isSourceTag(42)).toBe(false);
});

test.each([
  ['website', 'https://cal.com/porchlight/demo-call', 'demo-call'],
  ['agent-isa', 'https://cal.com/porchlight/agent-isa', 'agent-isa'],
  ['isa-hq', 'https://cal.com/porchlight/isa-hq', 'isa-hq'],
  ['spring-mailer', 'https://cal.com/porchlight/demo-call', 'demo-call'],
  ['constructor', 'https://cal.com/porchlight/demo-call', 'demo-call'],
])('tag %s books %s in namespace %s', (tag, link, namespace) => {
  expect(calendarFor(tag, 'https://cal.com/porchlight')).toEqual({ link, namespace, config: { layout: 'month_view' } });
});

test('a team given with a trailing slash gives the same link', () => {
  expect(calendarFor('isa-hq', 'porchlight/').link).toBe('porchlight/isa-hq');
});
