import { expect, test } from 'vitest';
import { filtersFromSearch, inboxQueryString, isFiltered } from './inbox-params.ts';

test('set filters become query parameters in a fixed order; empty ones are left out', () => {
  expect(inboxQueryString({})).toBe('');
  expect(inboxQueryString({ q: ' (210) 867-5309 ', kind: 'demo', source: '', from: '2026-03-01' })).toBe(
    'kind=demo&from=2026-03-01&q=%28210%29+867-5309',
  );
  expect(inboxQueryString({ state: 'given_up', consent: 'revoked' }, { cursor: 'abc', limit: undefined })).toBe(
    'state=given_up&consent=revoked&cursor=abc',
  );
  expect(isFiltered({ q: '  ' })).toBe(false);
  expect(isFiltered({ to: '2026-03-02' })).toBe(true);
});

test('an address gives back the filters it was made from', () => {
  const filters = {
    kind: 'contact',
    source: 'agent-isa',
    state: 'retrying',
    consent: 'given',
    from: '2026-03-01',
    to: '2026-03-31',
    q: 'jane@example.com',
  } as const;
  expect(filtersFromSearch(new URLSearchParams(inboxQueryString(filters)))).toEqual(filters);
  expect(filtersFromSearch(new URLSearchParams(''))).toEqual({});
});

test('what the inbox does not offer is left out of an address; long text is cut', () => {
  const search = new URLSearchParams({
    kind: 'robot',
    state: 'DELIVERED',
    consent: 'maybe',
    from: '03/01/2026',
    to: '2026-03-31',
    q: `  ${'x'.repeat(300)}`,
    cursor: 'abc',
  });
  expect(filtersFromSearch(search)).toEqual({ to: '2026-03-31', q: 'x'.repeat(100) });
});
