import { sql } from 'kysely';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test, vi } from 'vitest';
import { DEMO_CONSENT_VERSION } from '#shared/consent.ts';
import {
  DEMO_FAILURE_MESSAGE,
  demoFormMessages,
  emailCheckMessages,
  LEAD_RATE_LIMIT_MESSAGE,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  PLAIN_TEXT_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
  SAME_NUMBER_COOLDOWN_MESSAGE,
} from '#shared/messages.ts';
import { fakeThirdParties, listen, recordCallEvents, UUID_V4 } from '../support/leads.ts';
import { manualClock } from '../support/manual-clock.ts';
import { createTestApp } from '../support/test-app.ts';

// 2026-03-02 is before US DST: San Antonio (210, America/Chicago) is UTC-6.
const NOON_IN_TEXAS = '2026-03-02T18:00:00.000Z';
const NINE_PM_IN_TEXAS = '2026-03-03T03:00:00.000Z';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36';

const form = {
  fullName: 'Jane Doe',
  phone: '(210) 867-5309',
  email: 'jane@example.com',
  consent: true,
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

interface Setup {
  env?: Record<string, string>;
  at?: string;
  thirdParties?: MockAgent;
}

async function setup({ env = {}, at = NOON_IN_TEXAS, thirdParties }: Setup = {}) {
  const time = manualClock(at);
  const queued = vi.fn();
  const ctx = await createTestApp(
    { TRUST_PROXY: 'loopback', ...env },
    { clock: time.clock, onLeadQueued: queued, ...(thirdParties ? { dispatcher: thirdParties } : {}) },
  );
  open.push(ctx);
  if (thirdParties) open.push({ close: () => thirdParties.close() });
  const events = recordCallEvents(ctx.callEvents);
  const post = (body: string | object, ip = '203.0.113.7') =>
    request(ctx.app).post('/api/demo-calls').set('X-Forwarded-For', ip).set('User-Agent', BROWSER).send(body);
  const count = async (table: 'leads' | 'consents' | 'call_notifications' | 'outbox' | 'phone_cooldowns') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { ...ctx, time, queued, events, post, count };
}

test('inside calling hours: lead, consent, call and webhook payload are stored, and the call is preparing', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, sourceTag: 'agent-isa', timezone: 'America/New_York' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'preparing', callId: expect.stringMatching(UUID_V4) });
  const { callId } = res.body;

  const lead = await ctx.db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
  expect(lead).toMatchObject({
    kind: 'demo',
    full_name: 'Jane Doe',
    phone: '2108675309',
    email: 'jane@example.com',
    consent: 1,
    timezone: 'America/Chicago',
    scheduled: 0,
    source_tag: 'agent-isa',
    calendar_link: 'https://cal.com/porchlight/agent-isa',
    ip_address: '203.0.113.7',
    user_agent: BROWSER,
    created_at: NOON_IN_TEXAS,
  });

  const consent = await ctx.db.selectFrom('consents').selectAll().executeTakeFirstOrThrow();
  expect(consent).toMatchObject({
    lead_id: lead.id,
    consent_text_version: DEMO_CONSENT_VERSION,
    ip_address: '203.0.113.7',
    user_agent: BROWSER,
    created_at: NOON_IN_TEXAS,
  });
  expect(consent.consent_text).toMatch(/Porchlight may call and text me/);
  expect(consent.consent_text).toMatch(/artificial or AI-generated voice/);
  expect(consent.consent_text).toMatch(/recorded/);
  expect(consent.consent_text).toMatch(/Consent is not a condition of purchase/);

  const call = await ctx.db.selectFrom('call_notifications').selectAll().executeTakeFirstOrThrow();
  expect(call).toMatchObject({ id: callId, lead_id: lead.id, phone_number: '+12108675309', status: 'preparing' });

  const outbox = await ctx.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
  expect(outbox.topic).toBe('lead.demo-call');
  expect(outbox.delivered_at).toBeNull();
  expect(JSON.parse(outbox.payload)).toEqual({
    type: 'demo-call',
    leadId: lead.id,
    callId,
    phone: '2108675309',
    fullName: 'Jane Doe',
    email: 'jane@example.com',
    consent: true,
    timestamp: NOON_IN_TEXAS,
    timezone: 'America/Chicago',
    scheduled: false,
    source_tag: 'agent-isa',
    calendar_link: 'https://cal.com/porchlight/agent-isa',
    calendar_namespace: 'agent-isa',
  });

  // After commit: the call's room hears 'preparing' and the outbox worker is woken.
  expect(ctx.events).toEqual([{ callId, status: 'preparing' }]);
  expect(ctx.queued).toHaveBeenCalledOnce();
});

test('outside calling hours the lead is scheduled: no call row, no call event', async () => {
  const ctx = await setup({ at: NINE_PM_IN_TEXAS });
  const res = await ctx.post(form);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'scheduled' });
  expect(await ctx.count('call_notifications')).toBe(0);
  const lead = await ctx.db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
  expect(lead).toMatchObject({ scheduled: 1, timezone: 'America/Chicago', source_tag: 'website' });
  expect(lead.calendar_link).toBe('https://cal.com/porchlight/demo-call');
  const payload = JSON.parse((await ctx.db.selectFrom('outbox').select('payload').executeTakeFirstOrThrow()).payload);
  expect(payload).toMatchObject({
    scheduled: true,
    callId: null,
    source_tag: 'website',
    calendar_namespace: 'demo-call',
  });
  expect(ctx.events).toEqual([]);
  expect(ctx.queued).toHaveBeenCalledOnce();
});

test.each([
  ['8:59 in Texas', '2026-03-02T14:59:00.000Z', 'scheduled'],
  ['9:00 in Texas', '2026-03-02T15:00:00.000Z', 'preparing'],
  ['19:59 in Texas', '2026-03-03T01:59:00.000Z', 'preparing'],
  ['20:00 in Texas', '2026-03-03T02:00:00.000Z', 'scheduled'],
])('at %s the call is %s (9 ≤ local hour < 20 in the phone’s zone)', async (_label, at, status) => {
  const ctx = await setup({ at });
  const res = await ctx.post(form);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe(status);
});

test('the phone’s time zone decides, not the server’s or the browser’s', async () => {
  // 15:30Z: 09:30 in Chicago, 10:30 in New York, 07:30 in Los Angeles.
  const ctx = await setup({ at: '2026-03-02T15:30:00.000Z' });
  expect((await ctx.post({ ...form, phone: '3105551234', timezone: 'America/New_York' })).body.status).toBe(
    'scheduled',
  );
  expect((await ctx.post({ ...form, phone: '2125551234', timezone: 'America/Los_Angeles' })).body.status).toBe(
    'preparing',
  );
});

test.each([
  ['fullName', { fullName: 'J' }, demoFormMessages.fullName],
  ['phone', { phone: '210-867-530' }, demoFormMessages.phone],
  ['email', { email: 'jane@example' }, demoFormMessages.email],
  ['consent', { consent: false }, demoFormMessages.consent],
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
])("%s in the name or e-mail answers 400 with that field's message and stores nothing", async (_label, char) => {
  const ctx = await setup();
  const cases: [field: keyof typeof form, value: string, message: string][] = [
    ['fullName', `Jane${char}Doe`, PLAIN_TEXT_MESSAGE],
    ['email', `jane${char}@example.com`, demoFormMessages.email],
  ];
  for (const [field, value, message] of cases) {
    const body = JSON.stringify({ ...form, [field]: value });
    const res = await ctx.post(body).set('Content-Type', 'application/json');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, fieldErrors: { [field]: message } });
  }
  for (const table of ['leads', 'consents', 'outbox', 'phone_cooldowns'] as const)
    expect(await ctx.count(table)).toBe(0);
});

test('an empty body gets every field message at once', async () => {
  const ctx = await setup();
  const res = await ctx.post({});
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual(demoFormMessages);
});

test('malformed JSON and oversized bodies are refused with 4xx JSON', async () => {
  const ctx = await setup();
  const malformed = await request(ctx.app)
    .post('/api/demo-calls')
    .set('Content-Type', 'application/json')
    .send('{"fullName": "Jane",');
  expect(malformed.status).toBe(400);
  expect(malformed.body).toEqual({ error: 'Bad request' });
  const oversized = await ctx.post({ ...form, fullName: 'J'.repeat(20_000) });
  expect(oversized.status).toBe(413);
  expect(oversized.body).toEqual({ error: 'Bad request' });
  const notJson = await request(ctx.app).post('/api/demo-calls').set('Content-Type', 'text/plain').send('hello');
  expect(notJson.status).toBe(400);
  expect(notJson.body.fieldErrors).toEqual(demoFormMessages);
  expect(await ctx.count('leads')).toBe(0);
});

test('a filled honeypot is refused with the generic message and nothing is stored', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, website: 'https://cheap-seo.example' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: PROCESSING_ERROR_MESSAGE });
  for (const table of ['leads', 'consents', 'outbox', 'phone_cooldowns'] as const)
    expect(await ctx.count(table)).toBe(0);
  // An empty honeypot is what people send.
  expect((await ctx.post({ ...form, website: '' })).status).toBe(201);
});

test('a request from another site is refused before anything else', async () => {
  const ctx = await setup();
  const res = await ctx.post(form).set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site');
  expect(res.status).toBe(403);
  expect(await ctx.count('leads')).toBe(0);
});

test.each([
  ['a Canadian number', '6045551234'],
  ['a 900 premium-rate number', '9005551234'],
  ['a 976 pay-per-call exchange', '2129761234'],
  ['a toll-free number', '8005551234'],
  ['a number no area serves', '1234567890'],
])('offline, %s is refused with the phone message', async (_label, phone) => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, phone });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phone: PHONE_INVALID_MESSAGE } });
  expect(await ctx.count('leads')).toBe(0);
});

test('offline, a disposable or malformed e-mail gets SPEC’s reason', async () => {
  const ctx = await setup();
  const disposable = await ctx.post({ ...form, email: 'jane@mailinator.com' });
  expect(disposable.status).toBe(422);
  expect(disposable.body).toEqual({
    error: emailCheckMessages.disposable,
    fieldErrors: { email: emailCheckMessages.disposable },
  });
  const subdomain = await ctx.post({ ...form, email: 'jane@inbox.mailinator.com' });
  expect(subdomain.body).toEqual({
    error: emailCheckMessages.disposable,
    fieldErrors: { email: emailCheckMessages.disposable },
  });
});

test('offline, keyboard mashing as a name gets the bot message with the name in it', async () => {
  const ctx = await setup();
  const res = await ctx.post({ ...form, fullName: 'Asdfgh Jkl' });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    error: nameInvalidMessage('Asdfgh Jkl'),
    fieldErrors: { fullName: nameInvalidMessage('Asdfgh Jkl') },
  });
  expect(res.body.fieldErrors.fullName).toBe(
    'The name "Asdfgh Jkl" appears to be invalid and bot activity is suspected.',
  );
});

test('checks run in SPEC order: e-mail first, then phone, then name', async () => {
  const ctx = await setup();
  const all = { ...form, email: 'x@mailinator.com', phone: '9005551234', fullName: 'Qwerty Uiop' };
  expect((await ctx.post(all)).body.fieldErrors).toEqual({ email: emailCheckMessages.disposable });
  expect((await ctx.post({ ...all, email: form.email })).body.fieldErrors).toEqual({ phone: PHONE_INVALID_MESSAGE });
  expect((await ctx.post({ ...all, email: form.email, phone: form.phone })).body.fieldErrors).toEqual({
    fullName: nameInvalidMessage('Qwerty Uiop'),
  });
});

// --- Remote checks, faked at the HTTP level ---

const REMOTE = {
  EMAIL_CHECK_URL: 'https://email.example/v1/check',
  EMAIL_CHECK_KEY: 'email-key',
  PHONE_CHECK_URL: 'https://phone.example',
  PHONE_CHECK_KEY: 'phone-key',
  NAME_CHECK_URL: 'https://names.example/validate-name',
  NAME_CHECK_KEY: 'name-key',
};

function emailService(agent: MockAgent) {
  return agent.get('https://email.example').intercept({
    path: '/v1/check?email=jane%40example.com',
    method: 'GET',
    headers: { authorization: 'Bearer email-key' },
  });
}
function phoneService(agent: MockAgent) {
  return agent.get('https://phone.example').intercept({
    path: '/v1/phonenumber/validate',
    method: 'POST',
    headers: { authorization: 'Bearer phone-key' },
    body: JSON.stringify({ number: '2108675309' }),
  });
}
function nameService(agent: MockAgent) {
  return agent.get('https://names.example').intercept({
    path: '/validate-name',
    method: 'POST',
    headers: { authorization: 'Bearer name-key' },
    body: JSON.stringify({ fullName: 'Jane Doe' }),
  });
}
const CLEAN_EMAIL = { spam: false, blocklisted: false, disposable: false };
const VALID_PHONE = { status: 'success', data: { status: 'valid', country_timezone: 'America/Chicago' } };

async function remoteSetup(reply: (agent: MockAgent) => void) {
  const agent = fakeThirdParties();
  reply(agent);
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  return { ...ctx, agent };
}

test.each([
  [{ ...CLEAN_EMAIL, spam: true, blocklisted: true }, emailCheckMessages.spam],
  [{ ...CLEAN_EMAIL, blocklisted: true, disposable: true }, emailCheckMessages.blocklisted],
  [{ ...CLEAN_EMAIL, disposable: true }, emailCheckMessages.disposable],
])('the e-mail service flags %j: %s', async (reply, message) => {
  const ctx = await remoteSetup((agent) => emailService(agent).reply(200, reply));
  const res = await ctx.post(form);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: message, fieldErrors: { email: message } });
  ctx.agent.assertNoPendingInterceptors();
});

test.each([
  ['answers 500', (agent: MockAgent) => emailService(agent).reply(500, 'down')],
  ['answers something unreadable', (agent: MockAgent) => emailService(agent).reply(200, '<html>')],
  ['cannot be reached', (agent: MockAgent) => emailService(agent).replyWithError(new Error('ECONNRESET'))],
])('when the e-mail service %s the address is treated as valid (SPEC §5)', async (_label, fail) => {
  const ctx = await remoteSetup((agent) => {
    fail(agent);
    phoneService(agent).reply(200, VALID_PHONE);
    nameService(agent).reply(200, { status: 'valid' });
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(201);
  ctx.agent.assertNoPendingInterceptors();
});

test.each([
  ['status failed', { status: 'failed', data: { status: 'valid' } }],
  ['no data', { status: 'success' }],
  ['data status not valid', { status: 'success', data: { status: 'invalid' } }],
])('the phone service says %s: the phone message', async (_label, reply) => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    phoneService(agent).reply(200, reply);
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phone: PHONE_INVALID_MESSAGE } });
  ctx.agent.assertNoPendingInterceptors();
});

test('a 4xx that says failed is the service’s verdict, not an outage', async () => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    phoneService(agent).reply(400, { status: 'failed', message: 'invalid number' });
  });
  expect((await ctx.post(form)).body).toEqual({
    error: PHONE_INVALID_MESSAGE,
    fieldErrors: { phone: PHONE_INVALID_MESSAGE },
  });
});

test.each([
  ['answers 503', (agent: MockAgent) => phoneService(agent).reply(503, 'busy')],
  ['cannot be reached', (agent: MockAgent) => phoneService(agent).replyWithError(new Error('ETIMEDOUT'))],
])('when the phone service %s: SPEC §8’s processing-phone message, nothing stored', async (_label, fail) => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    fail(agent);
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(502);
  expect(res.body).toEqual({ error: DEMO_FAILURE_MESSAGE });
  expect(await ctx.count('leads')).toBe(0);
});

test('the phone service’s time zone decides the hours', async () => {
  // 15:30Z is 09:30 in Chicago but 07:30 in the zone the service names.
  const agent = fakeThirdParties();
  emailService(agent).reply(200, CLEAN_EMAIL);
  phoneService(agent).reply(200, {
    status: 'success',
    data: { status: 'valid', country_timezone: 'America/Los_Angeles' },
  });
  nameService(agent).reply(200, { status: 'valid' });
  const ctx = await setup({ env: REMOTE, thirdParties: agent, at: '2026-03-02T15:30:00.000Z' });
  const res = await ctx.post(form);
  expect(res.body).toEqual({ status: 'scheduled' });
  expect((await ctx.db.selectFrom('leads').select('timezone').executeTakeFirstOrThrow()).timezone).toBe(
    'America/Los_Angeles',
  );
});

test('the US-only rule holds even when the phone service would accept the number', async () => {
  const agent = fakeThirdParties();
  emailService(agent).reply(200, CLEAN_EMAIL);
  const ctx = await setup({ env: REMOTE, thirdParties: agent });
  // No phone interceptor: asking the service about a Canadian number would fail the request with 502.
  const res = await ctx.post({ ...form, phone: '6045551234' });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phone: PHONE_INVALID_MESSAGE } });
});

test('the name service says invalid: the bot message', async () => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    phoneService(agent).reply(200, VALID_PHONE);
    nameService(agent).reply(200, { status: 'invalid' });
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    error: nameInvalidMessage('Jane Doe'),
    fieldErrors: { fullName: nameInvalidMessage('Jane Doe') },
  });
});

test.each([
  ['answers 500', (agent: MockAgent) => nameService(agent).reply(500, { error: 'boom' })],
  ['cannot be reached', (agent: MockAgent) => nameService(agent).replyWithError(new Error('ECONNREFUSED'))],
])('when the name service %s: the name-check failure message', async (_label, fail) => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    phoneService(agent).reply(200, VALID_PHONE);
    fail(agent);
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(502);
  expect(res.body).toEqual({ error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { fullName: NAME_CHECK_FAILED_MESSAGE } });
  expect(await ctx.count('leads')).toBe(0);
});

test('all three services say yes: accepted', async () => {
  const ctx = await remoteSetup((agent) => {
    emailService(agent).reply(200, CLEAN_EMAIL);
    phoneService(agent).reply(200, VALID_PHONE);
    nameService(agent).reply(200, { status: 'valid' });
  });
  const res = await ctx.post(form);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe('preparing');
  ctx.agent.assertNoPendingInterceptors();
});

// --- Abuse ---

test('the same number is refused for 6 hours, then accepted again', async () => {
  const ctx = await setup();
  expect((await ctx.post(form)).status).toBe(201);

  ctx.time.advance(60 * 60_000);
  const again = await ctx.post({ ...form, phone: '+1 210 867 5309', email: 'other@example.com', fullName: 'John Roe' });
  expect(again.status).toBe(429);
  expect(again.body).toEqual({ error: SAME_NUMBER_COOLDOWN_MESSAGE, retryAfterSeconds: 5 * 60 * 60 });
  expect(again.headers['retry-after']).toBe(String(5 * 60 * 60));

  ctx.time.advance(5 * 60 * 60_000 - 1_000);
  expect((await ctx.post(form)).status).toBe(429);
  ctx.time.advance(1_000);
  expect((await ctx.post(form)).status).toBe(201);
  expect(await ctx.count('leads')).toBe(2);
  // Another number was never held up.
  expect((await ctx.post({ ...form, phone: '2102345678' })).status).toBe(201);
});

test('the 6-hour rule counts scheduled requests too', async () => {
  const ctx = await setup({ at: NINE_PM_IN_TEXAS });
  expect((await ctx.post(form)).body).toEqual({ status: 'scheduled' });
  expect((await ctx.post(form)).status).toBe(429);
});

test('50 concurrent requests for one number: exactly one is accepted, the others get 429', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '1000', API_RATE_LIMIT_PER_MINUTE: '1000' } });
  const server = await listen(ctx.app);
  open.push(server);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      request(server.url)
        .post('/api/demo-calls')
        .send({ ...form, email: `jane${i}@example.com` }),
    ),
  );
  const statuses = answers.map((res) => res.status).sort();
  expect(statuses.filter((s) => s === 201)).toHaveLength(1);
  expect(statuses.filter((s) => s === 429)).toHaveLength(49);
  for (const res of answers.filter((r) => r.status === 429)) expect(res.body.error).toBe(SAME_NUMBER_COOLDOWN_MESSAGE);
  for (const table of ['leads', 'consents', 'call_notifications', 'outbox', 'phone_cooldowns'] as const) {
    expect(await ctx.count(table)).toBe(1);
  }
});

test('one client IP is limited per hour; another IP is not', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '2' } });
  expect((await ctx.post({ ...form, phone: '2102345678' }, '198.51.100.1')).status).toBe(201);
  expect((await ctx.post({ ...form, phone: '2103456789' }, '198.51.100.1')).status).toBe(201);
  const limited = await ctx.post({ ...form, phone: '2107654321' }, '198.51.100.1');
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
  expect((await ctx.post({ ...form, phone: '2107654321' }, '198.51.100.2')).status).toBe(201);
});

test('typos the form points out do not use up the hourly quota', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
  for (let i = 0; i < 11; i++) {
    const typo = await ctx.post({ ...form, email: 'jane@example' });
    expect(typo.status).toBe(400);
    expect(typo.body).toEqual({ error: demoFormMessages.email, fieldErrors: { email: demoFormMessages.email } });
  }
  expect((await ctx.post(form)).status).toBe(201);
});

test('accepted requests and those refused for cause all count: the 11th of 10 is refused', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
  const statuses: number[] = [];
  // A check refuses the e-mail (422), then one is accepted, then its number is cooling down (429), then bots.
  for (let i = 0; i < 3; i++) statuses.push((await ctx.post({ ...form, email: 'jane@mailinator.com' })).status);
  statuses.push((await ctx.post(form)).status);
  for (let i = 0; i < 3; i++) statuses.push((await ctx.post(form)).status);
  for (let i = 0; i < 3; i++) statuses.push((await ctx.post({ ...form, website: 'https://spam.example' })).status);
  expect(statuses).toEqual([422, 422, 422, 201, 429, 429, 429, 400, 400, 400]);

  const limited = await ctx.post({ ...form, phone: '2102345678' });
  expect(limited.status).toBe(429);
  expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
  expect(await ctx.count('leads')).toBe(1);
});

test('when the database write fails: SPEC §8’s processing message, and nothing half-stored', async () => {
  const ctx = await setup();
  // The consent insert fails mid-transaction; the lead and the 6-hour claim before it must roll back.
  await sql`drop table consents`.execute(ctx.db);
  const res = await ctx.post(form);
  expect(res.status).toBe(500);
  expect(res.body).toEqual({ error: PROCESSING_ERROR_MESSAGE });
  for (const table of ['leads', 'call_notifications', 'outbox', 'phone_cooldowns'] as const)
    expect(await ctx.count(table)).toBe(0);
  expect(ctx.events).toEqual([]);
  expect(ctx.queued).not.toHaveBeenCalled();
});

test('call ids are fresh random UUIDs', async () => {
  const ctx = await setup();
  const ids = new Set<string>();
  for (const phone of ['2102345678', '2103456789', '2107654321']) {
    const res = await ctx.post({ ...form, phone });
    expect(res.body.callId).toMatch(UUID_V4);
    ids.add(res.body.callId);
  }
  expect(ids.size).toBe(3);
});

test.each([
  ['e-mail', 201, undefined],
  ['phone', 502, { error: DEMO_FAILURE_MESSAGE }],
  ['name', 502, { error: NAME_CHECK_FAILED_MESSAGE, fieldErrors: { fullName: NAME_CHECK_FAILED_MESSAGE } }],
])(
  'a %s service slower than OUTBOUND_TIMEOUT_MS is given up on in time, as if it could not answer',
  async (slow, status, body) => {
    const SLOW_MS = 5_000;
    const agent = fakeThirdParties();
    const email = emailService(agent).reply(200, CLEAN_EMAIL);
    if (slow === 'e-mail') email.delay(SLOW_MS);
    const phone = phoneService(agent).reply(200, VALID_PHONE);
    if (slow === 'phone') phone.delay(SLOW_MS);
    const name = nameService(agent).reply(200, { status: 'valid' });
    if (slow === 'name') name.delay(SLOW_MS);
    const ctx = await setup({ env: { ...REMOTE, OUTBOUND_TIMEOUT_MS: '100' }, thirdParties: agent });

    const started = performance.now();
    const res = await ctx.post(form);
    expect(performance.now() - started).toBeLessThan(SLOW_MS / 2);
    expect(res.status).toBe(status);
    if (body) expect(res.body).toEqual(body);
  },
);
