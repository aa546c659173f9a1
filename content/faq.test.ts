import { expect, test } from 'vitest';
import faq from './faq.json';

// The FAQ's statements of fact (docs/product-rules.md#content), each of which some answer must make (the wording
// around them is ours).
const text = faq.map((item) => `${item.question} ${item.answer}`).join('\n');

test.each([
  ['a 50-lead package for solo agents', /50-lead package is built for solo agents/],
  ['a flat $249/month for up to 50 leads', /flat \$249\/month covers up to 50 leads/],
  ['each extra lead at $2.99', /each extra lead[^.]* is \$2\.99/],
  ['a 30-minute onboarding call', /30-minute onboarding call/],
  ['a sub-account in a CRM/phone platform', /sub-account in a CRM\/phone platform/],
  ['basic lead integration from CRM/IDX', /basic lead integration from your CRM or IDX/],
  ['buyer leads only', /covers buyer leads only/],
  ['a single number with a chosen area code', /single phone number with the area code you choose/],
  ["8am to 8pm in the user's time zone", /between 8am and 8pm in your time zone/],
  ['live transfer rings up to 6 users at once', /live transfer can ring up to 6 users at once/i],
  ['company name and location customised', /company name and location are customised/i],
  [
    'any lead with consent for voice-AI calls: buyers, sellers, renters, investors',
    /consent to receive voice-AI calls, including buyers, sellers, renters and investors/,
  ],
  ['a voice chosen from thousands, with a default', /choose from thousands of voices.*default voice/s],
  ['a timing engine schedules follow-ups', /timing engine schedules every follow-up/i],
  ['it remembers earlier conversations', /remembers earlier conversations/],
])('the FAQ says: %s', (_statement, pattern) => {
  expect(text).toMatch(pattern);
});

test("calling hours are the user's, not the lead's", () => {
  expect(text).not.toMatch(/lead's time zone/);
});
