import { expect, test } from 'vitest';
import { describeCounts, subjectOf } from './privacy-queries.ts';

test('an address has an @; anything else is taken for a phone number', () => {
  expect(subjectOf(' Jane@Example.com ')).toEqual({ email: 'Jane@Example.com' });
  expect(subjectOf('(210) 867-5309')).toEqual({ phone: '(210) 867-5309' });
});

test('counts read as a sentence, leaving out what there is none of', () => {
  const none = { leads: 0, consents: 0, calls: 0, deliveries: 0, visits: 0, cooldowns: 0 };
  expect(describeCounts(none)).toBe('no records');
  expect(describeCounts({ ...none, leads: 1 })).toBe('1 lead');
  expect(describeCounts({ leads: 2, consents: 2, calls: 1, deliveries: 2, visits: 1_204, cooldowns: 1 })).toBe(
    '2 leads, 2 consent records, 1 call, 2 deliveries, 1,204 visits and 1 call limit record',
  );
});
