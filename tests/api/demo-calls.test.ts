import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { DEMO_CONSENT_VERSION } from '#shared/consent.ts';
import {
  DEMO_FAILURE_MESSAGE,
  emailCheckMessages,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  SAME_NUMBER_COOLDOWN_MESSAGE,
} from '#shared/messages.ts';
import { CLEAN_EMAIL, checkServices, REMOTE_CHECKS, VALID_PHONE } from '#tests/support/check-services.ts';
import { closeLeadApis, leadApi, NOON_IN_TEXAS } from '#tests/support/lead-api.ts';
import { fakeThirdParties, listen, RECEIPT_URL, UUID_V4 } from '#tests/support/leads.ts';

// What only the demo call does: calling hours, the call itself, the 6-hour rule per number. What it shares
// with the contact form is in lead-forms.test.ts.

const NINE_PM_IN_TEXAS = '2026-03-03T03:00:00.000Z';

const form = {
  fullName: 'Jane Doe',
  phone: '(210) 867-5309',
  email: 'jane@example.com',
  consent: true,
};

afterEach(closeLeadApis);

const demoApi = (options: Parameters<typeof leadApi>[1] = {}) => leadApi('/api/demo-calls', options);

/** The app with every check remote, its services answering as `reply` sets them up. */
async function remoteApi(reply: (services: ReturnType<typeof checkServices>) => void, at?: string) {
  const agent: MockAgent = fakeThirdParties();
  reply(checkServices(agent));
  return { api: await demoApi({ env: REMOTE_CHECKS, thirdParties: agent, at }), agent };
}

test('inside calling hours: lead, consent, call and webhook payload are stored, and the call is preparing', async () => {
  const api = await demoApi();
  const res = await api.post({ ...form, sourceTag: 'agent-isa', timezone: 'America/New_York' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'preparing', callId: expect.stringMatching(UUID_V4), receiptUrl: RECEIPT_URL });
  const { callId } = res.body;

  const lead = await api.stored.lead();
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
  });

  // The words the visitor agreed to, kept with the lead (where and when: lead-forms.test.ts).
  const consent = await api.stored.consent();
  expect(consent.consent_text_version).toBe(DEMO_CONSENT_VERSION);
  expect(consent.consent_text).toMatch(/Porchlight may call and text me/);
  expect(consent.consent_text).toMatch(/artificial or AI-generated voice/);
  expect(consent.consent_text).toMatch(/recorded/);
  expect(consent.consent_text).toMatch(/Consent is not a condition of purchase/);

  const call = await api.stored.call();
  expect(call).toMatchObject({ id: callId, lead_id: lead.id, phone_number: '+12108675309', status: 'preparing' });

  const outbox = await api.stored.outbox();
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
    receiptUrl: res.body.receiptUrl,
  });

  // After commit: the call's room hears 'preparing' and the outbox worker is woken.
  expect(api.events).toEqual([expect.objectContaining({ callId, status: 'preparing', state: 'preparing' })]);
  expect(api.queued).toHaveBeenCalledOnce();
});

test('outside calling hours the lead is scheduled: no call row, no call event', async () => {
  const api = await demoApi({ at: NINE_PM_IN_TEXAS });
  const res = await api.post(form);
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'scheduled', receiptUrl: RECEIPT_URL });
  expect(await api.count('call_notifications')).toBe(0);
  const lead = await api.stored.lead();
  expect(lead).toMatchObject({ scheduled: 1, timezone: 'America/Chicago', source_tag: 'website' });
  expect(lead.calendar_link).toBe('https://cal.com/porchlight/demo-call');
  const payload = JSON.parse((await api.stored.outbox()).payload);
  expect(payload).toMatchObject({
    scheduled: true,
    callId: null,
    source_tag: 'website',
    calendar_namespace: 'demo-call',
  });
  expect(api.events).toEqual([]);
  expect(api.queued).toHaveBeenCalledOnce();
});

test.each([
  ['8:59 in Texas', '2026-03-02T14:59:00.000Z', 'scheduled'],
  ['9:00 in Texas', '2026-03-02T15:00:00.000Z', 'preparing'],
  ['19:59 in Texas', '2026-03-03T01:59:00.000Z', 'preparing'],
  ['20:00 in Texas', '2026-03-03T02:00:00.000Z', 'scheduled'],
])('at %s the call is %s (9 ≤ local hour < 20 in the phone’s zone)', async (_label, at, status) => {
  const api = await demoApi({ at });
  const res = await api.post(form);
  expect(res.status).toBe(201);
  expect(res.body.status).toBe(status);
});

test('the phone’s time zone decides, not the server’s or the browser’s', async () => {
  // 15:30Z: 09:30 in Chicago, 10:30 in New York, 07:30 in Los Angeles.
  const api = await demoApi({ at: '2026-03-02T15:30:00.000Z' });
  expect((await api.post({ ...form, phone: '3105551234', timezone: 'America/New_York' })).body.status).toBe(
    'scheduled',
  );
  expect((await api.post({ ...form, phone: '2125551234', timezone: 'America/Los_Angeles' })).body.status).toBe(
    'preparing',
  );
});

test.each([
  ['a Canadian number', '6045551234'],
  ['a 900 premium-rate number', '9005551234'],
  ['a 976 pay-per-call exchange', '2129761234'],
  ['a toll-free number', '8005551234'],
  ['a number no area serves', '1234567890'],
])('offline, %s is refused with the phone message', async (_label, phone) => {
  const api = await demoApi();
  const res = await api.post({ ...form, phone });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phone: PHONE_INVALID_MESSAGE } });
  expect(await api.count('leads')).toBe(0);
});

test('offline, a disposable e-mail, its subdomains included, gets the disposable reason', async () => {
  const api = await demoApi();
  const disposable = await api.post({ ...form, email: 'jane@mailinator.com' });
  expect(disposable.status).toBe(422);
  expect(disposable.body.fieldErrors).toEqual({ email: emailCheckMessages.disposable });
  const subdomain = await api.post({ ...form, email: 'jane@inbox.mailinator.com' });
  expect(subdomain.body.fieldErrors).toEqual({ email: emailCheckMessages.disposable });
});

test('offline, keyboard mashing as a name gets the bot message with the name in it', async () => {
  const api = await demoApi();
  const res = await api.post({ ...form, fullName: 'Asdfgh Jkl' });
  expect(res.status).toBe(422);
  expect(res.body.fieldErrors).toEqual({ fullName: nameInvalidMessage('Asdfgh Jkl') });
  expect(res.body.fieldErrors.fullName).toBe(
    'The name "Asdfgh Jkl" appears to be invalid and bot activity is suspected.',
  );
});

// --- Remote checks, faked at the HTTP level ---

test.each([
  ['answers 500', (s: ReturnType<typeof checkServices>) => s.email().reply(500, 'down')],
  ['answers something unreadable', (s: ReturnType<typeof checkServices>) => s.email().reply(200, '<html>')],
  ['cannot be reached', (s: ReturnType<typeof checkServices>) => s.email().replyWithError(new Error('ECONNRESET'))],
])('when the e-mail service %s the address is treated as valid', async (_label, fail) => {
  const { api, agent } = await remoteApi((s) => {
    fail(s);
    s.phone().reply(200, VALID_PHONE);
    s.name().reply(200, { status: 'valid' });
  });
  expect((await api.post(form)).status).toBe(201);
  agent.assertNoPendingInterceptors();
});

test('a 4xx that says failed is the service’s verdict, not an outage', async () => {
  const { api } = await remoteApi((s) => {
    s.email().reply(200, CLEAN_EMAIL);
    s.phone().reply(400, { status: 'failed', message: 'invalid number' });
  });
  expect((await api.post(form)).body.fieldErrors).toEqual({ phone: PHONE_INVALID_MESSAGE });
});

test('the phone service’s time zone decides the hours', async () => {
  // 15:30Z is 09:30 in Chicago but 07:30 in the zone the service names.
  const { api } = await remoteApi((s) => {
    s.email().reply(200, CLEAN_EMAIL);
    s.phone().reply(200, { status: 'success', data: { status: 'valid', country_timezone: 'America/Los_Angeles' } });
    s.name().reply(200, { status: 'valid' });
  }, '2026-03-02T15:30:00.000Z');
  const res = await api.post(form);
  expect(res.body).toEqual({ status: 'scheduled', receiptUrl: RECEIPT_URL });
  expect((await api.stored.lead()).timezone).toBe('America/Los_Angeles');
});

test('the US-only rule holds even when the phone service would accept the number', async () => {
  // No phone interceptor: asking the service about a Canadian number would fail the request with 502.
  const { api } = await remoteApi((s) => s.email().reply(200, CLEAN_EMAIL));
  const res = await api.post({ ...form, phone: '6045551234' });
  expect(res.status).toBe(422);
  expect(res.body.fieldErrors).toEqual({ phone: PHONE_INVALID_MESSAGE });
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
    const services = checkServices(agent);
    const email = services.email().reply(200, CLEAN_EMAIL);
    if (slow === 'e-mail') email.delay(SLOW_MS);
    const phone = services.phone().reply(200, VALID_PHONE);
    if (slow === 'phone') phone.delay(SLOW_MS);
    const name = services.name().reply(200, { status: 'valid' });
    if (slow === 'name') name.delay(SLOW_MS);
    const api = await demoApi({ env: { ...REMOTE_CHECKS, OUTBOUND_TIMEOUT_MS: '100' }, thirdParties: agent });

    const started = performance.now();
    const res = await api.post(form);
    expect(performance.now() - started).toBeLessThan(SLOW_MS / 2);
    expect(res.status).toBe(status);
    if (body) expect(res.body).toEqual(body);
  },
);

// --- The 6-hour rule ---

test('a number typed in full-width digits is the number: stored and called as its ASCII digits', async () => {
  const api = await demoApi();
  const res = await api.post({ ...form, phone: '（２１０）８６７－５３０９' });
  expect(res.status).toBe(201);
  expect(await api.stored.lead()).toMatchObject({ phone: '2108675309' });
  expect(await api.stored.call()).toMatchObject({ phone_number: '+12108675309', status: 'preparing' });
  // And is held by the 6-hour rule as the same number, whichever digits it comes in next.
  expect((await api.post({ ...form, email: 'other@example.com' })).status).toBe(429);
  expect((await api.post({ ...form, phone: '٢١٠٨٦٧٥٣٠٩', email: 'third@example.com' })).status).toBe(429);
});

test('the same number is refused for 6 hours, then accepted again', async () => {
  const api = await demoApi();
  expect((await api.post(form)).status).toBe(201);

  api.time.advance(60 * 60_000);
  const again = await api.post({ ...form, phone: '+1 210 867 5309', email: 'other@example.com', fullName: 'John Roe' });
  expect(again.status).toBe(429);
  expect(again.body).toEqual({ error: SAME_NUMBER_COOLDOWN_MESSAGE, retryAfterSeconds: 5 * 60 * 60 });
  expect(again.headers['retry-after']).toBe(String(5 * 60 * 60));

  api.time.advance(5 * 60 * 60_000 - 1_000);
  expect((await api.post(form)).status).toBe(429);
  api.time.advance(1_000);
  expect((await api.post(form)).status).toBe(201);
  expect(await api.count('leads')).toBe(2);
  // Another number was never held up.
  expect((await api.post({ ...form, phone: '2102345678' })).status).toBe(201);
});

test('the 6-hour rule counts scheduled requests too', async () => {
  const api = await demoApi({ at: NINE_PM_IN_TEXAS });
  expect((await api.post(form)).body).toEqual({ status: 'scheduled', receiptUrl: RECEIPT_URL });
  expect((await api.post(form)).status).toBe(429);
});

test('50 concurrent requests for one number: exactly one is accepted, the others get 429', async () => {
  const api = await demoApi({ env: { DEMO_RATE_LIMIT_PER_HOUR: '1000', API_RATE_LIMIT_PER_MINUTE: '1000' } });
  const server = await listen(api.app);
  try {
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
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.error).toBe(SAME_NUMBER_COOLDOWN_MESSAGE);
    }
    expect(await api.counts()).toEqual({ leads: 1, consents: 1, call_notifications: 1, outbox: 1, phone_cooldowns: 1 });
  } finally {
    await server.close();
  }
});

test('call ids are fresh random UUIDs', async () => {
  const api = await demoApi();
  const ids = new Set<string>();
  for (const phone of ['2102345678', '2103456789', '2107654321']) {
    const res = await api.post({ ...form, phone });
    expect(res.body.callId).toMatch(UUID_V4);
    ids.add(res.body.callId);
  }
  expect(ids.size).toBe(3);
});
