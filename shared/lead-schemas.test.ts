import { expect, test } from 'vitest';
import { toFieldErrors } from './api-error.ts';
import { contactSchema, demoCallSchema, honeypotFilled } from './lead-schemas.ts';
import { contactFormMessages, demoFormMessages, PLAIN_TEXT_MESSAGE } from './messages.ts';

const demo = {
  fullName: 'Jane Doe',
  phone: '(210) 867-5309',
  email: 'jane@example.com',
  consent: true,
};

function demoErrors(input: unknown) {
  const result = demoCallSchema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error).fieldErrors;
}

test('a complete demo form passes; the phone comes out as its ten digits', () => {
  const parsed = demoCallSchema.parse({ ...demo, phone: '+1 (210) 867-5309', sourceTag: 'agent-isa' });
  expect(parsed).toEqual({ ...demo, phone: '2108675309', sourceTag: 'agent-isa' });
});

test.each([
  ['fullName', { fullName: 'J' }, demoFormMessages.fullName],
  ['fullName', { fullName: '   J  ' }, demoFormMessages.fullName],
  ['fullName', { fullName: undefined }, demoFormMessages.fullName],
  ['phone', { phone: '210-867-530' }, demoFormMessages.phone],
  ['phone', { phone: '22108675309' }, demoFormMessages.phone],
  ['phone', { phone: 2108675309 }, demoFormMessages.phone],
  ['phone', { phone: '' }, demoFormMessages.phone],
  ['email', { email: 'jane@' }, demoFormMessages.email],
  ['email', { email: '' }, demoFormMessages.email],
  ['email', { email: undefined }, demoFormMessages.email],
  ['consent', { consent: false }, demoFormMessages.consent],
  ['consent', { consent: undefined }, demoFormMessages.consent],
  ['consent', { consent: 'true' }, demoFormMessages.consent],
])('demo %s %j gives %j', (field, change, message) => {
  expect(demoErrors({ ...demo, ...change })).toEqual({ [field]: message });
});

test('every failing field gets its own first message', () => {
  expect(demoErrors({})).toEqual({
    fullName: demoFormMessages.fullName,
    phone: demoFormMessages.phone,
    email: demoFormMessages.email,
    consent: demoFormMessages.consent,
  });
});

test('a body that is not an object is one form-level error', () => {
  expect(demoErrors(['Jane'])).toEqual({ form: 'The request must be a JSON object.' });
});

test('optional context that is malformed is dropped, not an error', () => {
  const parsed = demoCallSchema.parse({ ...demo, sourceTag: '<b>', timezone: 'Mars/Base' });
  expect(parsed.sourceTag).toBeUndefined();
  expect(parsed.timezone).toBeUndefined();
  expect(demoCallSchema.parse({ ...demo, timezone: 'America/Chicago' }).timezone).toBe('America/Chicago');
});

test('the honeypot must stay empty', () => {
  expect(demoCallSchema.safeParse({ ...demo, website: '' }).success).toBe(true);
  expect(demoErrors({ ...demo, website: 'https://spam.example' })).toHaveProperty('website');
});

test('fields are trimmed and bounded', () => {
  expect(demoCallSchema.parse({ ...demo, fullName: '  Jane Doe ', email: ' jane@example.com ' })).toMatchObject({
    fullName: 'Jane Doe',
    email: 'jane@example.com',
  });
  expect(demoErrors({ ...demo, fullName: 'J'.repeat(121) })).toHaveProperty('fullName');
  expect(demoErrors({ ...demo, email: `${'a'.repeat(250)}@example.com` })).toEqual({ email: demoFormMessages.email });
});

const contact = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '210-867-5309',
  companyName: 'Doe Realty',
  email: 'jane@example.com',
};

function contactErrors(input: unknown) {
  const result = contactSchema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return toFieldErrors(result.error).fieldErrors;
}

test('a complete contact form passes; the phone comes out cleaned', () => {
  expect(contactSchema.parse(contact)).toEqual({ ...contact, phoneNumber: '2108675309' });
});

test.each([
  ['firstName', { firstName: '' }, contactFormMessages.firstName],
  ['firstName', { firstName: '  ' }, contactFormMessages.firstName],
  ['lastName', { lastName: undefined }, contactFormMessages.lastName],
  ['phoneNumber', { phoneNumber: '867-5309' }, contactFormMessages.phoneNumber],
  ['phoneNumber', { phoneNumber: null }, contactFormMessages.phoneNumber],
  ['companyName', { companyName: '' }, contactFormMessages.companyName],
  ['email', { email: 'not-an-email' }, contactFormMessages.email],
])('contact %s %j gives %j', (field, change, message) => {
  expect(contactErrors({ ...contact, ...change })).toEqual({ [field]: message });
});

test('any value in the hidden website field is a bot; an empty or missing one is a person', () => {
  for (const website of ['https://cheap-seo.example', ' ', 0, false, [], {}]) {
    expect(honeypotFilled({ ...demo, website })).toBe(true);
  }
  for (const body of [demo, { ...demo, website: '' }, { ...demo, website: null }, null, 'website', []]) {
    expect(honeypotFilled(body)).toBe(false);
  }
  // Only the body's own field counts, not one it inherits.
  expect(honeypotFilled(Object.create({ website: 'x' }))).toBe(false);
});

// Characters that must never reach a lead: NUL, other C0 and C1 controls, line breaks inside a field, the
// separators, the bidi marks, embeddings, overrides and isolates, and a lone surrogate (half of a character).
const hidden: [label: string, char: string][] = [
  ['NUL', '\u0000'],
  ['a tab', '\t'],
  ['a line feed', '\n'],
  ['escape', '\u001B'],
  ['DEL', '\u007F'],
  ['a C1 control', '\u0085'],
  ['the line separator', '\u2028'],
  ['the paragraph separator', '\u2029'],
  ['the Arabic letter mark', '\u061C'],
  ['the left-to-right mark', '\u200E'],
  ['the right-to-left mark', '\u200F'],
  ['the left-to-right embedding', '\u202A'],
  ['the right-to-left override', '\u202E'],
  ['the left-to-right isolate', '\u2066'],
  ['the pop directional isolate', '\u2069'],
  ['a lone high surrogate', '\uD800'],
  ['a lone low surrogate', '\uDFFF'],
];

test.each(hidden)('%s in a demo-form name is refused with a message for people', (_label, char) => {
  expect(demoErrors({ ...demo, fullName: `Jane${char}Doe` })).toEqual({ fullName: PLAIN_TEXT_MESSAGE });
});

test.each(['\u0000', '\u202E', '\uD800'])('%j alone is named as the problem, not a name that is too short', (char) => {
  expect(demoErrors({ ...demo, fullName: char })).toEqual({ fullName: PLAIN_TEXT_MESSAGE });
  expect(contactErrors({ ...contact, firstName: char })).toEqual({ firstName: PLAIN_TEXT_MESSAGE });
});

test.each(hidden)('%s in a contact-form name or company is refused for that field', (_label, char) => {
  for (const field of ['firstName', 'lastName', 'companyName'] as const) {
    expect(contactErrors({ ...contact, [field]: `Do${char}e` })).toEqual({ [field]: PLAIN_TEXT_MESSAGE });
  }
});

test.each(hidden)('%s in an e-mail address is refused with the e-mail message', (_label, char) => {
  expect(demoErrors({ ...demo, email: `jane${char}@example.com` })).toEqual({ email: demoFormMessages.email });
  expect(contactErrors({ ...contact, email: `jane@exam${char}ple.com` })).toEqual({ email: contactFormMessages.email });
});

test.each([
  'José Álvarez',
  'Zoë Brontë',
  '李小龍',
  "Seán O'Brien",
  'Jean-Luc Picard',
  'John Smith Jr.',
  'Łukasz Żółć',
  'Ngọc Trâm',
  'محمد عبد الله',
  'דוד כהן',
  'अनुष्का शर्मा',
  // Persian needs the zero-width non-joiner; an emoji is two halves of one character, not a lone one.
  'مهرداد\u200Cپور',
  'Jane 🏡 Doe',
])('the name %j passes', (name) => {
  expect(demoCallSchema.parse({ ...demo, fullName: name }).fullName).toBe(name);
  expect(contactSchema.parse({ ...contact, firstName: name, companyName: `${name} & Co. (No. 2)` }).firstName).toBe(
    name,
  );
});

test('surrounding line breaks and tabs are trimmed, not refused', () => {
  expect(demoCallSchema.parse({ ...demo, fullName: '\tJane Doe\n' }).fullName).toBe('Jane Doe');
});
