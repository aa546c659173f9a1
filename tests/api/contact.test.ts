import { sql } from 'kysely';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test, vi } from 'vitest';
import { CONTACT_CONSENT_VERSION } from '#shared/consent.ts';
import {
  contactFailureToast,
  contactFormMessages,
  emailCheckMessages,
  LEAD_RATE_LIMIT_MESSAGE,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  PLAIN_TEXT_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
} from '#shared/messages.ts';
import { fakeThirdParties, recordCallEvents } from '../support/leads.ts';
import { manualClock } from '../support/manual-clock.ts';
import { createTestApp } from '../support/test-app.ts';

const T0 = '2026-03-02T18:00:00.000Z';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15';
const FAILURE = { error: contactFailureToast.title, description: contactFailureToast.description };

const form = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '(210) 867-5309',
  companyName: 'Doe Realty',
  email: 'jane@example.com',
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

async function setup({ env = {}, thirdParties }: { env?: Record<string, string>; thirdParties?: MockAgent } = {}) {
  const time = manualClock(T0);
  const queued = vi.fn();
  const ctx = await createTestApp(
    { TRUST_PROXY: 'loopback', ...env },
    { clock: time.clock, onLeadQueued: queued, ...(thirdParties ? { dispatcher: thirdParties } : {}) },
  );
  open.push(ctx);
  if (thirdParties) open.push({ close: () => thirdParties.close() });
  const events = recordCallEvents(ctx.callEvents);
  const post = (body: string | object, ip = '203.0.113.9') =>
    request(ctx.app).post('/api/contact').set('X-Forwarded-For', ip).set('User-Agent', BROWSER).send(body);
  const count = async (table: 'leads' | 'consents' | 'call_notifications' | 'outbox') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { ...ctx, queued, events, post, count };
}

test('a valid contact form stores the lead and its consent notice and queues the webhook payload', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, sourceTag: 'isa-hq' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'submitted' });

  const lead = await ctx.db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
  expect(lead).toMatchObject({
    kind: 'contact',
    full_name: 'Jane Doe',
    first_name: 'Jane',
    last_name: 'Doe',
    company_name: 'Doe Realty',
    phone: '2108675309',
    email: 'jane@example.com',
    timezone: 'America/Chicago',
    source_tag: 'isa-hq',
    calendar_link: 'https://cal.com/porchlight/isa-hq',
    ip_address: '203.0.113.9',
    user_agent: BROWSER,
    created_at: T0,
  });
  const consent = await ctx.db.selectFrom('consents').selectAll().executeTakeFirstOrThrow();
  expect(consent).toMatchObject({
    lead_id: lead.id,
    consent_text_version: CONTACT_CONSENT_VERSION,
    ip_address: '203.0.113.9',
  });
  expect(consent.consent_text).toMatch(/^By submitting this form, you agree that Porchlight may call you/);

  const outbox = await ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  expect(outbox.topic).toBe('lead.contact');
  expect(JSON.parse(outbox.payload)).toEqual({
    type: 'contact',
    leadId: lead.id,
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '2108675309',
    companyName: 'Doe Realty',
    email: 'jane@example.com',
    timestamp: T0,
    timezone: 'America/Chicago',
    source_tag: 'isa-hq',
    calendar_link: 'https://cal.com/porchlight/isa-hq',
    calendar_namespace: 'isa-hq',
  });
  // A contact lead is called by the automation; it has no demo-call row and no socket room.
  expect(await ctx.count('call_notifications')).toBe(0);
  expect(ctx.events).toEqual([]);
  expect(ctx.queued).toHaveBeenCalledOnce();
});

test('without a source tag the lead carries the default one', async () => {
  const ctx = await setup();
  expect((await ctx.post(form)).status).toBe(201);
  expect(await ctx.db.selectFrom('leads').select(['source_tag', 'calendar_link']).executeTakeFirstOrThrow()).toEqual({
    source_tag: 'website',
    calendar_link: 'https://cal.com/porchlight/demo-call',
  });
});

test.each([
  ['firstName', { firstName: '' }, contactFormMessages.firstName],
  ['lastName', { lastName: ' ' }, contactFormMessages.lastName],
  ['phoneNumber', { phoneNumber: '867-5309' }, contactFormMessages.phoneNumber],
  ['companyName', { companyName: '' }, contactFormMessages.companyName],
  ['email', { email: 'jane.example.com' }, contactFormMessages.email],
])('a bad %s answers 400 with its SPEC message', async (field, change, message) => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, ...change });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: message, fieldErrors: { [field]: message } });
  expect(await ctx.count('leads')).toBe(0);
});

// JSON.stringify writes NUL and a lone surrogate as escapes ("\ud800"); the server's parser turns them back.
test.each([
  ['NUL', '\u0000'],
  ['a right-to-left override', '\u202E'],
  ['a lone surrogate', '\uD800'],
])(
  "%s in a name, the company or the e-mail answers 400 with that field's message and stores nothing",
  async (_label, char) => {
    const ctx = await setup();
    const cases: [field: keyof typeof form, value: string, message: string][] = [
      ['firstName', `Ja${char}ne`, PLAIN_TEXT_MESSAGE],
      ['lastName', `Do${char}e`, PLAIN_TEXT_MESSAGE],
      ['companyName', `Doe ${char}Realty`, PLAIN_TEXT_MESSAGE],
      ['email', `jane${char}@example.com`, contactFormMessages.email],
    ];
    for (const [field, value, message] of cases) {
      const body = JSON.stringify({ ...form, [field]: value });
      const res = await ctx.post(body).set('Content-Type', 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: message, fieldErrors: { [field]: message } });
    }
    for (const table of ['leads', 'consents', 'outbox'] as const) expect(await ctx.count(table)).toBe(0);
  },
);

test('an empty body gets every field message', async () => {
  const ctx = await setup();
  const res = await ctx.post({});
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual(contactFormMessages);
});

test('malformed JSON and oversized bodies are refused with 4xx', async () => {
  const ctx = await setup();
  const malformed = await request(ctx.app).post('/api/contact').set('Content-Type', 'application/json').send('{');
  expect(malformed.status).toBe(400);
  const oversized = await ctx.post({ ...form, companyName: 'x'.repeat(17_000) });
  expect(oversized.status).toBe(413);
  expect(await ctx.count('leads')).toBe(0);
});

test('a filled honeypot is refused and nothing is stored', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, website: 'spam' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: PROCESSING_ERROR_MESSAGE });
  expect(await ctx.count('leads')).toBe(0);
});

test('offline checks in SPEC order: e-mail, then phone, then name (first and last together)', async () => {
  const ctx = await setup();
  const all = {
    ...form,
    email: 'jane@mailinator.com',
    phoneNumber: '900-555-1234',
    firstName: 'Asdfg',
    lastName: 'Hjkl',
  };
  expect((await ctx.post(all)).body).toEqual({
    error: emailCheckMessages.disposable,
    fieldErrors: { email: emailCheckMessages.disposable },
  });
  expect((await ctx.post({ ...all, email: form.email })).body).toEqual({
    error: PHONE_INVALID_MESSAGE,
    fieldErrors: { phoneNumber: PHONE_INVALID_MESSAGE },
  });
  const name = await ctx.post({ ...all, email: form.email, phoneNumber: form.phoneNumber });
  expect(name.status).toBe(422);
  expect(name.body).toEqual({
    error: nameInvalidMessage('Asdfg Hjkl'),
    fieldErrors: { firstName: nameInvalidMessage('Asdfg Hjkl') },
  });
  expect(await ctx.count('leads')).toBe(0);
});

test('a phone that is 10+ characters but not 10 digits is refused by the phone check', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, phoneNumber: '210-867-53 x' });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phoneNumber: PHONE_INVALID_MESSAGE } });
});

const REMOTE = {
  EMAIL_CHECK_URL: 'https://email.example/check',
  EMAIL_CHECK_KEY: 'email-key',
  PHONE_CHECK_URL: 'https://phone.example/',
  PHONE_CHECK_KEY: 'phone-key',
  NAME_CHECK_URL: 'https://names.example/validate-name',
};
const CLEAN_EMAIL = { spam: false, blocklisted: false, disposable: false };
const VALID_PHONE = { status: 'success', data: { status: 'valid', country_timezone: 'America/Chicago' } };

function services(agent: MockAgent) {
  return {
    email: agent.get('https://email.example').intercept({ path: '/check?email=jane%40example.com' }),
    phone: agent
      .get('https://phone.example')
      .intercept({ path: '/v1/phonenumber/validate', method: 'POST', body: JSON.stringify({ number: '2108675309' }) }),
    // Without NAME_CHECK_KEY the name service is called without a bearer header.
    name: agent.get('https://names.example').intercept({
      path: '/validate-name',
      method: 'POST',
      body: JSON.stringify({ fullName: 'Jane Doe' }),
      headers: (headers) => !('authorization' in headers),
    }),
  };
}

test('the e-mail service’s reason shows under the e-mail field', async () => {
  const agent = fakeThirdParties();
  services(agent).email.reply(200, { ...CLEAN_EMAIL, blocklisted: true });
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  const res = await ctx.post(form);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    error: emailCheckMessages.blocklisted,
    fieldErrors: { email: emailCheckMessages.blocklisted },
  });
});

test('the phone service saying not valid gives the phone message', async () => {
  const agent = fakeThirdParties();
  const s = services(agent);
  s.email.reply(200, CLEAN_EMAIL);
  s.phone.reply(200, { status: 'success', data: { status: 'invalid' } });
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  expect((await ctx.post(form)).body).toEqual({
    error: PHONE_INVALID_MESSAGE,
    fieldErrors: { phoneNumber: PHONE_INVALID_MESSAGE },
  });
});

test('the phone service being down gives the destructive toast', async () => {
  const agent = fakeThirdParties();
  const s = services(agent);
  s.email.reply(200, CLEAN_EMAIL);
  s.phone.reply(500, 'oops');
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  const res = await ctx.post(form);
  expect(res.status).toBe(502);
  expect(res.body).toEqual(FAILURE);
});

test('the name service: invalid gives the bot message, an error the name-check failure', async () => {
  const invalidAgent = fakeThirdParties();
  const s = services(invalidAgent);
  s.email.reply(200, CLEAN_EMAIL);
  s.phone.reply(200, VALID_PHONE);
  s.name.reply(200, { status: 'invalid' });
  const invalid = await setup({ env: REMOTE, thirdParties: invalidAgent });
  expect((await invalid.post(form)).body).toEqual({
    error: nameInvalidMessage('Jane Doe'),
    fieldErrors: { firstName: nameInvalidMessage('Jane Doe') },
  });

  const downAgent = fakeThirdParties();
  const d = services(downAgent);
  d.email.reply(200, CLEAN_EMAIL);
  d.phone.reply(200, VALID_PHONE);
  d.name.replyWithError(new Error('ECONNREFUSED'));
  const down = await setup({ env: REMOTE, thirdParties: downAgent });
  const res = await down.post(form);
  expect(res.status).toBe(502);
  expect(res.body).toEqual({ error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { firstName: NAME_CHECK_FAILED_MESSAGE } });
});

test('all services say yes: submitted', async () => {
  const agent = fakeThirdParties();
  const s = services(agent);
  s.email.reply(200, CLEAN_EMAIL);
  s.phone.reply(200, VALID_PHONE);
  s.name.reply(200, { status: 'valid' });
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  expect((await ctx.post(form)).status).toBe(201);
  agent.assertNoPendingInterceptors();
});

test('the contact form is limited per client IP per hour', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '1' } });
  expect((await ctx.post(form, '198.51.100.5')).status).toBe(201);
  const limited = await ctx.post(form, '198.51.100.5');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
  expect((await ctx.post(form, '198.51.100.6')).status).toBe(201);
});

test('typos the form points out do not use up the hourly quota', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
  for (let i = 0; i < 11; i++) {
    const typo = await ctx.post({ ...form, email: 'jane.example.com' });
    expect(typo.status).toBe(400);
    expect(typo.body).toEqual({ error: contactFormMessages.email, fieldErrors: { email: contactFormMessages.email } });
  }
  expect((await ctx.post(form)).status).toBe(201);
});

test('accepted requests and those refused for cause all count: the 11th of 10 is refused', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
  const statuses: number[] = [];
  // Accepted, then refused by a check (422), then bots.
  for (let i = 0; i < 3; i++) statuses.push((await ctx.post(form)).status);
  for (let i = 0; i < 4; i++) statuses.push((await ctx.post({ ...form, email: 'jane@mailinator.com' })).status);
  for (let i = 0; i < 3; i++) statuses.push((await ctx.post({ ...form, website: 'spam' })).status);
  expect(statuses).toEqual([201, 201, 201, 422, 422, 422, 422, 400, 400, 400]);

  const limited = await ctx.post(form);
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
  expect(await ctx.count('leads')).toBe(3);
});

test('a failing database write gives the destructive toast and stores nothing', async () => {
  const ctx = await setup();
  await sql`drop table outbox`.execute(ctx.db);
  const res = await ctx.post(form);
  expect(res.status).toBe(500);
  expect(res.body).toEqual(FAILURE);
  expect(await ctx.count('leads')).toBe(0);
  expect(await ctx.count('consents')).toBe(0);
  expect(ctx.queued).not.toHaveBeenCalled();
});
