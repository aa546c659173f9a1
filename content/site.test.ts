import { expect, test } from 'vitest';
import { ContentError } from './check.ts';
import { mainNav, site, siteFacts } from './site.ts';
import { parseSiteFacts } from './site-check.ts';

test('the site facts as written pass their schema', () => {
  expect(parseSiteFacts(siteFacts())).toEqual(siteFacts());
  expect(site.name).toBe('Porchlight');
  expect(site.contact.address.city).toBe('San Antonio');
  expect(mainNav.map((item) => item.label)).toContain('Pricing');
});

test.each([
  [
    'site.contact.email',
    (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.site.contact, { email: 'hello' }),
  ],
  [
    'site.contact.phone',
    (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.site.contact, { phone: '210555' }),
  ],
  ['site.social.twitter', (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.site.social, { twitter: '' })],
  ['site.name', (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.site, { name: ' ' })],
  [
    'mainNav.0',
    (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.mainNav[0] ?? {}, { section: 'Not An Id' }),
  ],
  [
    'footerNav.legal.0.to',
    (facts: ReturnType<typeof siteFacts>) => Object.assign(facts.footerNav.legal[0] ?? {}, { to: 'privacy' }),
  ],
])('a broken copy is refused, naming content/site.ts and %s', (field, breakIt) => {
  const facts = siteFacts();
  breakIt(facts);
  expect(() => parseSiteFacts(facts)).toThrow(ContentError);
  expect(() => parseSiteFacts(facts)).toThrow(new RegExp(`^content/site\\.ts: ${field.replace(/\./g, '\\.')}[.:]`));
});

test('a fact left out is refused too', () => {
  const { site: facts, ...rest } = siteFacts();
  const { keywords: _keywords, ...withoutKeywords } = facts;
  expect(() => parseSiteFacts({ ...rest, site: withoutKeywords })).toThrow(/^content\/site\.ts: site\.keywords: /);
});
