import { afterEach, expect, test } from 'vitest';
import { CONTACT_CONSENT_VERSION } from '#shared/consent.ts';
import { PHONE_INVALID_MESSAGE } from '#shared/messages.ts';
import { CLEAN_EMAIL, checkServices, REMOTE_CHECKS, VALID_PHONE } from '#tests/support/check-services.ts';
import { closeLeadApis, leadApi, NOON_IN_TEXAS } from '#tests/support/lead-api.ts';
import { fakeThirdParties, RECEIPT_URL } from '#tests/support/leads.ts';

// What only the contact form does: its rows and payload, and its phone rule. What it shares with the demo
// call is in lead-forms.test.ts.

const form = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '(210) 867-5309',
  companyName: 'Doe Realty',
  email: 'jane@example.com',
};

afterEach(closeLeadApis);

test('a valid contact form stores the lead and its consent notice and queues the webhook payload', async () => {
  const api = await leadApi('/api/contact');
  const res = await api.post({ ...form, sourceTag: 'isa-hq' });
  expect(res.status).toBe(201);
  expect(res.body).toEqual({ status: 'submitted', receiptUrl: RECEIPT_URL });

  const lead = await api.stored.lead();
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
  });
  // The modal's notice, word for word, is the consent (where and when: lead-forms.test.ts).
  const consent = await api.stored.consent();
  expect(consent.consent_text_version).toBe(CONTACT_CONSENT_VERSION);
  expect(consent.consent_text).toMatch(/^By submitting this form, you agree that Porchlight may call you/);

  const outbox = await api.stored.outbox();
  expect(outbox.topic).toBe('lead.contact');
  expect(JSON.parse(outbox.payload)).toEqual({
    type: 'contact',
    leadId: lead.id,
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '2108675309',
    companyName: 'Doe Realty',
    email: 'jane@example.com',
    timestamp: NOON_IN_TEXAS,
    timezone: 'America/Chicago',
    source_tag: 'isa-hq',
    calendar_link: 'https://cal.com/porchlight/isa-hq',
    calendar_namespace: 'isa-hq',
    receiptUrl: res.body.receiptUrl,
  });
  // A contact lead is called by the automation; it has no demo-call row, no socket room, no 6-hour claim.
  expect(await api.count('call_notifications')).toBe(0);
  expect(await api.count('phone_cooldowns')).toBe(0);
  expect(api.events).toEqual([]);
  expect(api.queued).toHaveBeenCalledOnce();
});

test('without a source tag the lead carries the default one', async () => {
  const api = await leadApi('/api/contact');
  expect((await api.post(form)).status).toBe(201);
  const { source_tag, calendar_link } = await api.stored.lead();
  expect({ source_tag, calendar_link }).toEqual({
    source_tag: 'website',
    calendar_link: 'https://cal.com/porchlight/demo-call',
  });
});

test('a phone that is 10+ characters but not 10 digits is refused by the phone check', async () => {
  const api = await leadApi('/api/contact');
  const res = await api.post({ ...form, phoneNumber: '210-867-53 x' });
  expect(res.status).toBe(422);
  expect(res.body).toEqual({ error: PHONE_INVALID_MESSAGE, fieldErrors: { phoneNumber: PHONE_INVALID_MESSAGE } });
});

test('without NAME_CHECK_KEY the name service is called without a bearer header', async () => {
  const agent = fakeThirdParties();
  const services = checkServices(agent, { nameKey: false });
  services.email().reply(200, CLEAN_EMAIL);
  services.phone().reply(200, VALID_PHONE);
  services.name().reply(200, { status: 'valid' });
  const { NAME_CHECK_KEY: _unset, ...withoutNameKey } = REMOTE_CHECKS;
  const api = await leadApi('/api/contact', { env: withoutNameKey, thirdParties: agent });
  expect((await api.post(form)).status).toBe(201);
  agent.assertNoPendingInterceptors();
});
