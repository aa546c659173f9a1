import { expect, test } from 'vitest';
import { inboxQueryString, isFiltered } from './inbox-params.ts';

test('set filters become query parameters in a fixed order; empty ones are left out', () => {
  expect(inboxQueryString({})).toBe('');
  expect(inboxQueryString({ q: ' (210) 867-5309 ', kind: 'demo', source: '', from: '2026-03-01' })).toBe(
    'kind=demo&from=2026-03-01&q=%28210%29+867-5309',
  );
  expect(inboxQueryString({ state: 'given_up' }, { cursor: 'abc', limit: undefined })).toBe(
    'state=given_up&cursor=abc',
  );
  expect(isFiltered({ q: '  ' })).toBe(false);
  expect(isFiltered({ to: '2026-03-02' })).toBe(true);
});
