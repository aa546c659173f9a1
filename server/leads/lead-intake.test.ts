import { expect, test } from 'vitest';
import { doNotContactKey } from '#server/consent/do-not-contact.ts';
import { CheckUnavailableError } from '#server/leads/checks/check-unavailable.ts';
import type { EmailVerdict } from '#server/leads/checks/email-check.ts';
import type { LeadChecks } from '#server/leads/checks/lead-checks.ts';
import type { PhoneVerdict } from '#server/leads/checks/us-phone.ts';
import { CONTACT_CONSENT_VERSION, DEMO_CONSENT_VERSION } from '#shared/consent.ts';
import {
  contactFormMessages,
  DO_NOT_CONTACT_MESSAGE,
  demoFormMessages,
  emailCheckMessages,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
} from '#shared/messages.ts';
import { type IntakeContext, leadIntake } from './lead-intake.ts';
import type { LeadWrite, SaveResult } from './lead-store.ts';

// The intake over a fake store and fake checks: every rule of the lead forms, without HTTP or a database.

// 18:00Z on 2026-03-02 is noon in Chicago (inside calling hours); 03:00Z the next day is 21:00 there.
const NOON_IN_CHICAGO = new Date('2026-03-02T18:00:00.000Z');
const NINE_PM_IN_CHICAGO = new Date('2026-03-03T03:00:00.000Z');
const CONTEXT: IntakeContext = { ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0' };
const demo = { fullName: 'Jane Doe', phone: '(210) 867-5309', email: 'jane@example.com', consent: true };
const contact = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '210.867.5309',
  companyName: 'Doe Realty',
  email: 'jane@example.com',
};
/** A receipt's link: the site, then 256 random bits. */
const RECEIPT_URL = expect.stringMatching(/^https:\/\/porchlight\.example\/consent\/[A-Za-z0-9_-]{43}$/);
const CHICAGO_PHONE: PhoneVerdict = { valid: true, e164: '+12108675309', timeZones: ['America/Chicago'] };

interface Fakes {
  now?: Date;
  email?: EmailVerdict;
  phone?: PhoneVerdict | Error;
  name?: 'valid' | 'invalid' | Error;
  cooldownUntil?: Date;
  listed?: boolean;
  save?: SaveResult | Error;
}

/** The intake with fakes that record, in order, what was asked of them. */
function harness(fakes: Fakes = {}) {
  const now = fakes.now ?? NOON_IN_CHICAGO;
  const log: string[] = [];
  const writes: LeadWrite[] = [];
  const published: unknown[] = [];
  let ids = 0;
  const checks: LeadChecks = {
    email: async (email) => {
      log.push(`email ${email}`);
      return fakes.email ?? { isValid: true };
    },
    phone: async (digits) => {
      log.push(`phone ${digits}`);
      if (fakes.phone instanceof Error) throw fakes.phone;
      return fakes.phone ?? CHICAGO_PHONE;
    },
    name: async (fullName) => {
      log.push(`name ${fullName}`);
      if (fakes.name instanceof Error) throw fakes.name;
      return fakes.name ?? 'valid';
    },
  };
  const intake = leadIntake({
    clock: () => now,
    calTeam: 'https://cal.com/acme',
    siteUrl: 'https://porchlight.example',
    doNotContact: doNotContactKey(Buffer.alloc(32, 7)),
    checks,
    store: {
      cooldownEnd: async (phone) => {
        log.push(`cooldown? ${phone}`);
        return fakes.cooldownUntil;
      },
      listed: async () => {
        log.push('listed?');
        return fakes.listed ?? false;
      },
      save: async (write) => {
        log.push('save');
        if (fakes.save instanceof Error) throw fakes.save;
        writes.push(write);
        return fakes.save ?? { saved: true };
      },
    },
    callEvents: {
      publish: (event) => {
        log.push('publish');
        published.push(event);
      },
    },
    onLeadQueued: () => log.push('queued'),
    newId: () => `id-${++ids}`,
  });
  return { intake, log, writes, published };
}

test('a demo call inside calling hours: one write with lead, consent, call, payload and the number’s claim', async () => {
  const h = harness();
  const outcome = await h.intake.takeDemoCall({ ...demo, sourceTag: 'agent-isa', timezone: 'Asia/Tokyo' }, CONTEXT);
  expect(outcome).toEqual({ kind: 'accepted', leadId: 'id-1', callId: 'id-2', receiptUrl: RECEIPT_URL });
  expect(h.writes).toHaveLength(1);
  const [write] = h.writes;
  const at = NOON_IN_CHICAGO.toISOString();
  const evidence = { ip_address: CONTEXT.ipAddress, user_agent: CONTEXT.userAgent, created_at: at };
  // The phone's zone decides, not the browser's; the source tag picks the calendar under CAL_TEAM.
  const decided = { timezone: 'America/Chicago', calendar_link: 'https://cal.com/acme/agent-isa' };
  expect(write?.lead).toMatchObject({ id: 'id-1', kind: 'demo', scheduled: 0, ...decided, ...evidence });
  expect(write?.consent).toMatchObject({ id: 'id-3', lead_id: 'id-1', ...evidence });
  expect(write?.consent.consent_text_version).toBe(DEMO_CONSENT_VERSION);
  expect(write?.consent.consent_text).toMatch(/artificial or AI-generated voice/);
  // The call dials the number as the phone check gave it.
  expect(write?.call).toMatchObject({ id: 'id-2', lead_id: 'id-1', phone_number: '+12108675309', status: 'preparing' });
  expect(write?.cooldown).toEqual({ phone: '2108675309' });
  expect(write?.outbox.topic).toBe('lead.demo-call');
  expect(write?.outbox.payload).toMatchObject({ leadId: 'id-1', callId: 'id-2', scheduled: false, timestamp: at });
  // The early look at the 6 hours, the checks in order, one save, and only then the call's event and the outbox.
  expect(h.log).toEqual([
    'cooldown? 2108675309',
    'listed?',
    'email jane@example.com',
    'phone 2108675309',
    'name Jane Doe',
    'save',
    'publish',
    'queued',
  ]);
  expect(h.published).toEqual([
    {
      name: 'call:status',
      event: expect.objectContaining({ callId: 'id-2', status: 'preparing', state: 'preparing' }),
    },
  ]);
});

test('a demo call outside calling hours is scheduled: no call row, no call event, the number still claimed', async () => {
  const h = harness({ now: NINE_PM_IN_CHICAGO });
  expect(await h.intake.takeDemoCall(demo, CONTEXT)).toEqual({
    kind: 'accepted',
    leadId: 'id-1',
    callId: null,
    receiptUrl: RECEIPT_URL,
  });
  expect(h.writes[0]).toMatchObject({
    lead: { scheduled: 1, source_tag: 'website' },
    cooldown: { phone: '2108675309' },
  });
  expect(h.writes[0]?.call).toBeUndefined();
  expect(h.writes[0]?.outbox.payload).toMatchObject({ callId: null, scheduled: true, calendar_namespace: 'demo-call' });
  expect(h.log.slice(-2)).toEqual(['save', 'queued']);
  expect(h.published).toEqual([]);
});

test('a contact lead: no 6-hour look, no call, the notice as its consent, the payload for the automation', async () => {
  const h = harness();
  expect(await h.intake.takeContact(contact, CONTEXT)).toEqual({
    kind: 'accepted',
    leadId: 'id-1',
    callId: null,
    receiptUrl: RECEIPT_URL,
  });
  const [write] = h.writes;
  // The name is first and last together; the phone is its cleaned digits.
  expect(write?.lead.full_name).toBe('Jane Doe');
  expect(write?.lead).toMatchObject({ kind: 'contact', company_name: 'Doe Realty', phone: '2108675309' });
  expect(write?.consent).toMatchObject({ id: 'id-2', consent_text_version: CONTACT_CONSENT_VERSION });
  expect(write?.call).toBeUndefined();
  expect(write?.cooldown).toBeUndefined();
  expect(write?.outbox.topic).toBe('lead.contact');
  expect(write?.outbox.payload).toMatchObject({ type: 'contact', leadId: 'id-1', source_tag: 'website' });
  expect(h.log).toEqual(['listed?', 'email jane@example.com', 'phone 2108675309', 'name Jane Doe', 'save', 'queued']);
});

test('a number or address on the do-not-contact list is refused before any check, saying how to opt back in', async () => {
  const h = harness({ listed: true });
  const refusal = { kind: 'do-not-contact', message: DO_NOT_CONTACT_MESSAGE };
  expect(await h.intake.takeDemoCall(demo, CONTEXT)).toEqual({ ...refusal, field: 'phone' });
  expect(await h.intake.takeContact(contact, CONTEXT)).toEqual({ ...refusal, field: 'phoneNumber' });
  expect(h.log).toEqual(['cooldown? 2108675309', 'listed?', 'listed?']);
  expect(h.writes).toEqual([]);

  // Ticking the box is a fresh consent, recorded as such; the store lifts the listing in the lead's transaction.
  const back = harness({ listed: true });
  expect(await back.intake.takeContact({ ...contact, optBackIn: true }, CONTEXT)).toMatchObject({ kind: 'accepted' });
  expect(back.writes[0]?.consent.renewal_text).toMatch(/want to be contacted again/);
  expect(back.writes[0]?.doNotContact).toMatchObject({ optBackIn: true });
  expect(back.writes[0]?.doNotContact?.digests).toHaveLength(2);
});

test('a filled honeypot ends it before anything else, even with an invalid form', async () => {
  const h = harness();
  expect(await h.intake.takeDemoCall({ website: 'https://spam.example' }, CONTEXT)).toEqual({ kind: 'honeypot' });
  expect(await h.intake.takeContact({ ...contact, website: 'x' }, CONTEXT)).toEqual({ kind: 'honeypot' });
  expect(h.log).toEqual([]);
});

test('the form’s own rules come next, with a message per field, and nothing is asked', async () => {
  const h = harness();
  expect(await h.intake.takeDemoCall({ ...demo, consent: false, email: 'jane@' }, CONTEXT)).toEqual({
    kind: 'invalid',
    fieldErrors: { email: demoFormMessages.email, consent: demoFormMessages.consent },
  });
  expect(await h.intake.takeContact('not an object', CONTEXT)).toMatchObject({ kind: 'invalid' });
  expect(await h.intake.takeContact({ ...contact, companyName: '' }, CONTEXT)).toEqual({
    kind: 'invalid',
    fieldErrors: { companyName: contactFormMessages.companyName },
  });
  expect(h.log).toEqual([]);
});

test('a number asked for within 6 hours is refused before any check, with the seconds left', async () => {
  const h = harness({ cooldownUntil: new Date(NOON_IN_CHICAGO.getTime() + 90_500) });
  expect(await h.intake.takeDemoCall(demo, CONTEXT)).toEqual({
    kind: 'cooldown',
    retryAt: new Date(NOON_IN_CHICAGO.getTime() + 90_500),
    retryAfterSeconds: 91,
  });
  expect(h.log).toEqual(['cooldown? 2108675309']);
});

test('a number claimed by a concurrent request meanwhile is refused at the save, with no side effects', async () => {
  const retryAt = new Date(NOON_IN_CHICAGO.getTime() + 6 * 3_600_000);
  const h = harness({ save: { saved: false, retryAt } });
  expect(await h.intake.takeDemoCall(demo, CONTEXT)).toEqual({
    kind: 'cooldown',
    retryAt,
    retryAfterSeconds: 6 * 3600,
  });
  expect(h.log.at(-1)).toBe('save');
  expect(h.published).toEqual([]);
});

test.each([
  ['demo', 'takeDemoCall', demo, { email: 'email', phone: 'phone', name: 'fullName' }],
  ['contact', 'takeContact', contact, { email: 'email', phone: 'phoneNumber', name: 'firstName' }],
] as const)(
  '%s: each check’s refusal goes under its field, the first refusal ends it',
  async (_form, take, input, fields) => {
    const refusedEmail = harness({
      email: { isValid: false, reason: emailCheckMessages.disposable },
      phone: { valid: false },
      name: 'invalid',
    });
    expect(await refusedEmail.intake[take](input, CONTEXT)).toEqual({
      kind: 'refused',
      check: 'email',
      field: fields.email,
      message: emailCheckMessages.disposable,
    });
    expect(refusedEmail.log.filter((line) => !line.startsWith('cooldown') && line !== 'listed?')).toEqual([
      'email jane@example.com',
    ]);

    const refusedPhone = harness({ phone: { valid: false }, name: 'invalid' });
    expect(await refusedPhone.intake[take](input, CONTEXT)).toEqual({
      kind: 'refused',
      check: 'phone',
      field: fields.phone,
      message: PHONE_INVALID_MESSAGE,
    });
    expect(refusedPhone.log).not.toContain('name Jane Doe');

    // The name is judged whole (first and last together for the contact form), and quoted in the message.
    const refusedName = harness({ name: 'invalid' });
    expect(await refusedName.intake[take](input, CONTEXT)).toEqual({
      kind: 'refused',
      check: 'name',
      field: fields.name,
      message: nameInvalidMessage('Jane Doe'),
    });
    for (const refused of [refusedEmail, refusedPhone, refusedName]) expect(refused.writes).toEqual([]);
  },
);

test.each([
  ['takeDemoCall', demo, 'fullName'],
  ['takeContact', contact, 'firstName'],
] as const)('%s: a service that cannot answer is told apart from a refusal', async (take, input, nameField) => {
  const phoneDown = harness({ phone: new CheckUnavailableError('timeout'), name: 'invalid' });
  expect(await phoneDown.intake[take](input, CONTEXT)).toEqual({ kind: 'unavailable', check: 'phone' });
  const nameDown = harness({ name: new CheckUnavailableError('timeout') });
  expect(await nameDown.intake[take](input, CONTEXT)).toEqual({
    kind: 'unavailable',
    check: 'name',
    field: nameField,
    message: NAME_CHECK_FAILED_MESSAGE,
  });
  for (const down of [phoneDown, nameDown]) expect(down.writes).toEqual([]);
});

test('a check that breaks in any other way, or a store that fails, is a failure with nothing after it', async () => {
  const bug = new TypeError('undefined is not a function');
  const broken = harness({ name: bug });
  expect(await broken.intake.takeDemoCall(demo, CONTEXT)).toEqual({ kind: 'failed', stage: 'checks', error: bug });
  expect(broken.writes).toEqual([]);

  const disk = new Error('SQLITE_FULL');
  const full = harness({ save: disk });
  expect(await full.intake.takeDemoCall(demo, CONTEXT)).toEqual({ kind: 'failed', stage: 'store', error: disk });
  expect(await full.intake.takeContact(contact, CONTEXT)).toEqual({ kind: 'failed', stage: 'store', error: disk });
  expect(full.log).not.toContain('publish');
  expect(full.log).not.toContain('queued');
});
