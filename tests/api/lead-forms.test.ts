import { sql } from 'kysely';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, describe, expect, test } from 'vitest';
import { type ApiError, FIELD_REFUSAL_MESSAGE } from '#shared/api-error.ts';
import { CONTACT_CONSENT_VERSION, DEMO_CONSENT_VERSION } from '#shared/consent.ts';
import {
  contactFailureToast,
  contactFormMessages,
  DEMO_FAILURE_MESSAGE,
  demoFormMessages,
  emailCheckMessages,
  LEAD_RATE_LIMIT_MESSAGE,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
  PLAIN_TEXT_MESSAGE,
  PROCESSING_ERROR_MESSAGE,
} from '#shared/messages.ts';
import { CLEAN_EMAIL, checkServices, REMOTE_CHECKS, VALID_PHONE } from '#tests/support/check-services.ts';
import { BROWSER, CLIENT_IP, closeLeadApis, type LeadPath, leadApi, NOON_IN_TEXAS } from '#tests/support/lead-api.ts';
import { fakeThirdParties } from '#tests/support/leads.ts';

// What both lead forms do alike, each form in its own words: the form's rules, the honeypot, the checks in
// order (e-mail, phone, name) and their services, the per-address limit, and a failed write. What only one
// form does is in demo-calls.test.ts and contact.test.ts.

afterEach(closeLeadApis);

interface Person {
  email?: string;
  phone?: string;
  /** First and last, separated by a space. */
  name?: string;
}

interface LeadFormCase {
  name: string;
  path: LeadPath;
  /** A valid submission for Jane Doe of (210) 867-5309, with what `change` says instead. */
  person(change?: Person): Record<string, unknown>;
  /** The consent text's version and the webhook topic an accepted lead is stored with. */
  consentVersion: string;
  topic: string;
  /** Where each check's refusal goes. */
  fields: { email: string; phone: string; name: string };
  /** Every field's message of the form's own rules. */
  messages: Record<string, string>;
  /** One bad value per field and the message it gets. */
  badFields: [field: string, change: Record<string, unknown>, message: string][];
  /** Free-text fields refuse hidden characters; the e-mail refuses them with its own message. */
  hiddenCharacters: [field: string, at: (char: string) => string, message: string][];
  /** "Any other failure": the phone service down, a broken check. */
  failure: ApiError;
  /** The write failed. */
  storeFailure: ApiError;
  /** The same submission again at once: the 6-hour rule refuses a demo call; a contact form is taken again. */
  repeatStatus: number;
}

const demoCall: LeadFormCase = {
  name: 'demo call',
  path: '/api/demo-calls',
  person: ({ email = 'jane@example.com', phone = '(210) 867-5309', name = 'Jane Doe' } = {}) => ({
    fullName: name,
    phone,
    email,
    consent: true,
  }),
  consentVersion: DEMO_CONSENT_VERSION,
  topic: 'lead.demo-call',
  fields: { email: 'email', phone: 'phone', name: 'fullName' },
  messages: demoFormMessages,
  badFields: [
    ['fullName', { fullName: 'J' }, demoFormMessages.fullName],
    ['phone', { phone: '210-867-530' }, demoFormMessages.phone],
    ['email', { email: 'jane@example' }, demoFormMessages.email],
    ['consent', { consent: false }, demoFormMessages.consent],
  ],
  hiddenCharacters: [
    ['fullName', (char) => `Jane${char}Doe`, PLAIN_TEXT_MESSAGE],
    ['email', (char) => `jane${char}@example.com`, demoFormMessages.email],
  ],
  failure: { error: DEMO_FAILURE_MESSAGE },
  storeFailure: { error: PROCESSING_ERROR_MESSAGE },
  repeatStatus: 429,
};

const contact: LeadFormCase = {
  name: 'contact form',
  path: '/api/contact',
  person: ({ email = 'jane@example.com', phone = '(210) 867-5309', name = 'Jane Doe' } = {}) => {
    const [firstName, lastName] = name.split(' ');
    return { firstName, lastName, phoneNumber: phone, companyName: 'Doe Realty', email };
  },
  consentVersion: CONTACT_CONSENT_VERSION,
  topic: 'lead.contact',
  fields: { email: 'email', phone: 'phoneNumber', name: 'firstName' },
  messages: contactFormMessages,
  badFields: [
    ['firstName', { firstName: '' }, contactFormMessages.firstName],
    ['lastName', { lastName: ' ' }, contactFormMessages.lastName],
    ['phoneNumber', { phoneNumber: '867-5309' }, contactFormMessages.phoneNumber],
    ['companyName', { companyName: '' }, contactFormMessages.companyName],
    ['email', { email: 'jane.example.com' }, contactFormMessages.email],
  ],
  hiddenCharacters: [
    ['firstName', (char) => `Ja${char}ne`, PLAIN_TEXT_MESSAGE],
    ['lastName', (char) => `Do${char}e`, PLAIN_TEXT_MESSAGE],
    ['companyName', (char) => `Doe ${char}Realty`, PLAIN_TEXT_MESSAGE],
    ['email', (char) => `jane${char}@example.com`, contactFormMessages.email],
  ],
  // The destructive toast's title and text.
  failure: { error: contactFailureToast.title, description: contactFailureToast.description },
  storeFailure: { error: contactFailureToast.title, description: contactFailureToast.description },
  repeatStatus: 201,
};

/** A refusal of one field: its message under the field, and as the answer's own. */
const refusedField = (field: string, message: string) => ({ error: message, fieldErrors: { [field]: message } });

const NOTHING_STORED = { leads: 0, consents: 0, call_notifications: 0, outbox: 0, phone_cooldowns: 0 };

describe.each([demoCall, contact])('$name', (form) => {
  const jane = form.person();

  async function remote(reply: (services: ReturnType<typeof checkServices>) => void) {
    const agent: MockAgent = fakeThirdParties();
    reply(checkServices(agent));
    return { api: await leadApi(form.path, { env: REMOTE_CHECKS, thirdParties: agent }), agent };
  }

  test('an accepted lead is stored with its consent, where both came from, and its payload queued', async () => {
    const api = await leadApi(form.path);
    expect((await api.post(jane)).status).toBe(201);
    const evidence = { ip_address: CLIENT_IP, user_agent: BROWSER, created_at: NOON_IN_TEXAS };
    const lead = await api.stored.lead();
    expect(lead).toMatchObject({ consent: 1, ...evidence });
    const consent = await api.stored.consent();
    expect(consent).toMatchObject({ lead_id: lead.id, consent_text_version: form.consentVersion, ...evidence });
    const outbox = await api.stored.outbox();
    expect(outbox).toMatchObject({ topic: form.topic, delivered_at: null });
    expect(JSON.parse(outbox.payload)).toMatchObject({ leadId: lead.id, timestamp: NOON_IN_TEXAS });
    // After commit, the outbox worker is woken to send it at once.
    expect(api.queued).toHaveBeenCalledOnce();
  });

  test('the browser’s visitor id is kept with the lead, not sent on; anything but an id is dropped', async () => {
    const api = await leadApi(form.path);
    const visitorId = '3c9a1f2e-4b5d-4e6f-a718-293a4b5c6d7e';
    expect((await api.post({ ...jane, visitorId })).status).toBe(201);
    const lead = await api.stored.lead();
    expect(lead.visitor_id).toBe(visitorId);
    expect((await api.stored.outbox()).payload).not.toContain(visitorId);

    const other = await leadApi(form.path);
    expect((await other.post({ ...jane, visitorId: 'not-an-id' })).status).toBe(201);
    expect((await other.stored.lead()).visitor_id).toBeNull();
  });

  test.each(form.badFields)('a bad %s answers 400 with its message', async (field, change, message) => {
    const api = await leadApi(form.path);
    const res = await api.post({ ...jane, ...change });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusedField(field, message));
    expect(await api.count('leads')).toBe(0);
  });

  // JSON.stringify writes NUL and a lone surrogate as escapes ("\ud800"); the server's parser turns them back.
  test.each([
    ['NUL', '\u0000'],
    ['a right-to-left override', '\u202E'],
    ['a lone surrogate', '\uD800'],
  ])("%s in a text field answers 400 with that field's message and stores nothing", async (_label, char) => {
    const api = await leadApi(form.path);
    for (const [field, at, message] of form.hiddenCharacters) {
      const res = await api
        .post(JSON.stringify({ ...jane, [field]: at(char) }))
        .set('Content-Type', 'application/json');
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusedField(field, message));
    }
    expect(await api.counts()).toEqual(NOTHING_STORED);
  });

  test('an empty body gets every field message at once', async () => {
    const api = await leadApi(form.path);
    const res = await api.post({});
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: FIELD_REFUSAL_MESSAGE, fieldErrors: form.messages });
  });

  test('malformed JSON, oversized and non-JSON bodies are refused with 4xx JSON', async () => {
    const api = await leadApi(form.path);
    const malformed = await request(api.app).post(form.path).set('Content-Type', 'application/json').send('{"a": 1,');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'Bad request' });
    const oversized = await api.post({ ...jane, email: `${'j'.repeat(20_000)}@example.com` });
    expect(oversized.status).toBe(413);
    expect(oversized.body).toEqual({ error: 'Bad request' });
    const notJson = await request(api.app).post(form.path).set('Content-Type', 'text/plain').send('hello');
    expect(notJson.status).toBe(400);
    expect(notJson.body.fieldErrors).toEqual(form.messages);
    expect(await api.count('leads')).toBe(0);
  });

  test('a filled honeypot is refused with the generic message and nothing is stored', async () => {
    const api = await leadApi(form.path);
    const res = await api.post({ ...jane, website: 'https://cheap-seo.example' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: PROCESSING_ERROR_MESSAGE });
    expect(await api.counts()).toEqual(NOTHING_STORED);
    // An empty honeypot is what people send.
    expect((await api.post({ ...jane, website: '' })).status).toBe(201);
  });

  test('a request from another site is refused before anything else', async () => {
    const api = await leadApi(form.path);
    const res = await api.post(jane).set('Origin', 'https://evil.example').set('Sec-Fetch-Site', 'cross-site');
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Requests must come from this site.' });
    expect(await api.count('leads')).toBe(0);
  });

  test('offline, checks run in order: e-mail, then phone, then the whole name', async () => {
    const api = await leadApi(form.path);
    const suspect = { email: 'x@mailinator.com', phone: '9005551234', name: 'Qwerty Uiop' };
    const email = await api.post(form.person(suspect));
    expect(email.status).toBe(422);
    expect(email.body).toEqual(refusedField(form.fields.email, emailCheckMessages.disposable));
    const phone = await api.post(form.person({ ...suspect, email: 'jane@example.com' }));
    expect(phone.body).toEqual(refusedField(form.fields.phone, PHONE_INVALID_MESSAGE));
    const name = await api.post(form.person({ name: suspect.name }));
    expect(name.status).toBe(422);
    expect(name.body).toEqual(refusedField(form.fields.name, nameInvalidMessage('Qwerty Uiop')));
    expect(await api.count('leads')).toBe(0);
  });

  test.each([
    [{ ...CLEAN_EMAIL, spam: true, blocklisted: true }, emailCheckMessages.spam],
    [{ ...CLEAN_EMAIL, blocklisted: true, disposable: true }, emailCheckMessages.blocklisted],
    [{ ...CLEAN_EMAIL, disposable: true }, emailCheckMessages.disposable],
  ])('the e-mail service flags %j: its reason under the e-mail', async (reply, message) => {
    const { api, agent } = await remote((s) => s.email().reply(200, reply));
    const res = await api.post(jane);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusedField(form.fields.email, message));
    agent.assertNoPendingInterceptors();
  });

  test.each([
    ['status failed', { status: 'failed', data: { status: 'valid' } }],
    ['no data', { status: 'success' }],
    ['data status not valid', { status: 'success', data: { status: 'invalid' } }],
  ])('the phone service says %s: the phone message', async (_label, reply) => {
    const { api, agent } = await remote((s) => {
      s.email().reply(200, CLEAN_EMAIL);
      s.phone().reply(200, reply);
    });
    const res = await api.post(jane);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusedField(form.fields.phone, PHONE_INVALID_MESSAGE));
    agent.assertNoPendingInterceptors();
  });

  test.each([
    ['answers 500', (s: ReturnType<typeof checkServices>) => s.phone().reply(500, 'oops')],
    ['answers 503', (s: ReturnType<typeof checkServices>) => s.phone().reply(503, 'busy')],
    ['cannot be reached', (s: ReturnType<typeof checkServices>) => s.phone().replyWithError(new Error('ETIMEDOUT'))],
  ])('when the phone service %s: the form’s general failure, nothing stored', async (_label, fail) => {
    const { api } = await remote((s) => {
      s.email().reply(200, CLEAN_EMAIL);
      fail(s);
    });
    const res = await api.post(jane);
    expect(res.status).toBe(502);
    expect(res.body).toEqual(form.failure);
    expect(await api.count('leads')).toBe(0);
  });

  test('the name service says invalid: the bot message with the name in it, under the name', async () => {
    const { api } = await remote((s) => {
      s.email().reply(200, CLEAN_EMAIL);
      s.phone().reply(200, VALID_PHONE);
      s.name().reply(200, { status: 'invalid' });
    });
    const res = await api.post(jane);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(refusedField(form.fields.name, nameInvalidMessage('Jane Doe')));
  });

  test.each([
    ['answers 500', (s: ReturnType<typeof checkServices>) => s.name().reply(500, { error: 'boom' })],
    ['cannot be reached', (s: ReturnType<typeof checkServices>) => s.name().replyWithError(new Error('ECONNREFUSED'))],
  ])('when the name service %s: the name-check failure, under the name', async (_label, fail) => {
    const { api } = await remote((s) => {
      s.email().reply(200, CLEAN_EMAIL);
      s.phone().reply(200, VALID_PHONE);
      fail(s);
    });
    const res = await api.post(jane);
    expect(res.status).toBe(502);
    expect(res.body).toEqual(refusedField(form.fields.name, NAME_CHECK_FAILED_MESSAGE));
    expect(await api.count('leads')).toBe(0);
  });

  test('all three services say yes: accepted', async () => {
    const { api, agent } = await remote((s) => {
      s.email().reply(200, CLEAN_EMAIL);
      s.phone().reply(200, VALID_PHONE);
      s.name().reply(200, { status: 'valid' });
    });
    expect((await api.post(jane)).status).toBe(201);
    agent.assertNoPendingInterceptors();
  });

  test('one client address is limited per hour; another is not', async () => {
    const api = await leadApi(form.path, { env: { DEMO_RATE_LIMIT_PER_HOUR: '2' } });
    expect((await api.post(form.person({ phone: '2102345678' }), '198.51.100.1')).status).toBe(201);
    expect((await api.post(form.person({ phone: '2103456789' }), '198.51.100.1')).status).toBe(201);
    const limited = await api.post(form.person({ phone: '2107654321' }), '198.51.100.1');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
    expect((await api.post(form.person({ phone: '2107654321' }), '198.51.100.2')).status).toBe(201);
  });

  test('typos the form points out do not use up the hourly quota', async () => {
    const api = await leadApi(form.path, { env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
    const typo = form.badFields.find(([field]) => field === 'email');
    if (!typo) throw new Error('every form has an e-mail field');
    const [field, change, message] = typo;
    for (let i = 0; i < 11; i++) {
      const res = await api.post({ ...jane, ...change });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refusedField(field, message));
    }
    expect((await api.post(jane)).status).toBe(201);
  });

  test('accepted requests and those refused for cause all count: the 11th of 10 is refused', async () => {
    const api = await leadApi(form.path, { env: { DEMO_RATE_LIMIT_PER_HOUR: '10' } });
    const statuses: number[] = [];
    // A check refuses the e-mail (422), one is accepted, then the same again, then bots.
    for (let i = 0; i < 3; i++) statuses.push((await api.post(form.person({ email: 'jane@mailinator.com' }))).status);
    statuses.push((await api.post(jane)).status);
    for (let i = 0; i < 3; i++) statuses.push((await api.post(jane)).status);
    for (let i = 0; i < 3; i++) statuses.push((await api.post({ ...jane, website: 'https://spam.example' })).status);
    const repeat = form.repeatStatus;
    expect(statuses).toEqual([422, 422, 422, 201, repeat, repeat, repeat, 400, 400, 400]);

    const limited = await api.post(form.person({ phone: '2102345678' }));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: LEAD_RATE_LIMIT_MESSAGE });
    expect(await api.count('leads')).toBe(repeat === 201 ? 4 : 1);
  });

  test('when the database write fails: the form’s message, nothing half-stored, nothing announced', async () => {
    const api = await leadApi(form.path);
    // The webhook payload is the last row written; everything before it must roll back.
    await sql`drop table outbox`.execute(api.db);
    const res = await api.post(jane);
    expect(res.status).toBe(500);
    expect(res.body).toEqual(form.storeFailure);
    for (const table of ['leads', 'consents', 'call_notifications', 'phone_cooldowns'] as const) {
      expect(await api.count(table)).toBe(0);
    }
    expect(api.events).toEqual([]);
    expect(api.queued).not.toHaveBeenCalled();
  });
});
