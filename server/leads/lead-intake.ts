import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { z } from 'zod';
import { site } from '#content/site.ts';
import type { Database } from '#db/schema.ts';
import { type CallEvents, statusEvent } from '#server/calls/call-events.ts';
import { placementMessage } from '#server/calls/call-placement.ts';
import type { DoNotContactKey, ListedDigest } from '#server/consent/do-not-contact.ts';
import { newReceiptToken, receiptHashOf, receiptUrlOf } from '#server/consent/receipt-token.ts';
import type { LeadChecks } from '#server/leads/checks/lead-checks.ts';
import { type CheckOutcome, type CheckSubject, runLeadChecks } from '#server/leads/checks/lead-checks-run.ts';
import type { LeadFormName } from '#server/metrics/server-metrics.ts';
import { type FieldErrors, toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import {
  CONTACT_CONSENT_VERSION,
  contactConsentText,
  DEMO_CONSENT_VERSION,
  demoConsentText,
  OPT_BACK_IN_TEXT,
} from '#shared/consent.ts';
import {
  type ContactRequest,
  contactSchema,
  type DemoCallRequest,
  demoCallSchema,
  honeypotFilled,
} from '#shared/lead-schemas.ts';
import {
  DO_NOT_CONTACT_MESSAGE,
  NAME_CHECK_FAILED_MESSAGE,
  nameInvalidMessage,
  PHONE_INVALID_MESSAGE,
} from '#shared/messages.ts';
import { type CalendarBooking, calendarFor, DEFAULT_SOURCE_TAG } from '#shared/source-tag.ts';
import { type CallTiming, callingWindow, decideCallTiming } from './call-timing.ts';
import {
  CONTACT_LEAD_TOPIC,
  type ContactLeadPayload,
  DEMO_LEAD_TOPIC,
  type DemoLeadPayload,
  type LeadMessage,
  sourceFields,
} from './lead-payloads.ts';
import type { LeadStore, LeadWrite } from './lead-store.ts';

// The one path a lead takes, whichever form sent it: honeypot, schema, the number's 6-hour rule (demo calls),
// the checks in order (e-mail, phone, name), the rows of one transaction, and what follows the commit. Each
// form only says what is its own: schema, fields, consent words, payload. The routers turn the outcome into HTTP.

/** Where the request came from, kept with the lead and its consent as evidence. */
export interface IntakeContext {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface LeadIntakeDeps {
  store: Pick<LeadStore, 'cooldownEnd' | 'listed' | 'save'>;
  checks: LeadChecks;
  clock: Clock;
  /** CAL_TEAM: each lead is offered its source tag's calendar under it. */
  calTeam: string;
  /** SITE_URL: where the consent receipt's link points. */
  siteUrl: string;
  /** The do-not-contact list's digests of a number and an address. */
  doNotContact: DoNotContactKey;
  callEvents: Pick<CallEvents, 'publish'>;
  /** Told after commit that a webhook payload is queued, so the outbox worker sends it at once. */
  onLeadQueued: () => void;
  /** A call provider places the calls: each demo call's placement is queued with its lead (server/calls/). */
  placesCalls?: boolean;
  /** Ids of leads, consents and calls; random UUIDs unless a test fixes them. */
  newId?: () => string;
}

/** A submission as its form's own rules read it, before anything is looked up or asked. */
export type Submission =
  /** The hidden field was filled: a bot. */
  | { kind: 'honeypot' }
  /** The form's own rules (the shared schema). */
  | { kind: 'invalid'; fieldErrors: FieldErrors }
  /** It may become a lead. */
  | { kind: 'lead'; form: LeadForm };

export type IntakeOutcome =
  /**
   * Stored; `callId` names the call's room when the demo call starts at once, otherwise null; `receiptUrl` is the
   * consent receipt's link, shown to the visitor once and never stored.
   */
  | { kind: 'accepted'; leadId: string; callId: string | null; receiptUrl: string }
  | Exclude<Submission, { kind: 'lead' }>
  /** A check refused a field; the message goes under it. */
  | { kind: 'refused'; check: 'email' | 'phone' | 'name'; field: string; message: string }
  /** The number was asked for within 6 hours. */
  | { kind: 'cooldown'; retryAt: Date; retryAfterSeconds: number }
  /** The number or address is on the do-not-contact list, and the opt-back-in box was not ticked. */
  | { kind: 'do-not-contact'; field: string; message: string }
  /** The phone service could not answer: the form's general failure. */
  | { kind: 'unavailable'; check: 'phone' }
  /** The name service could not answer: its own message, under the name. */
  | { kind: 'unavailable'; check: 'name'; field: string; message: string }
  /** Something broke: a check in an unexpected way, or the store; `error` is for the log. */
  | { kind: 'failed'; stage: 'checks' | 'store'; error: unknown };

/** What differs between the forms once the schema has passed. */
interface LeadForm {
  subject: CheckSubject;
  /** The field each check's refusal goes under. */
  fields: Record<keyof CheckSubject, string>;
  sourceTag: string | undefined;
  /** The browser's zone, a guess for a phone whose zone is unknown. */
  browserZone: string | undefined;
  /** The id of the browser that sent the form: what ties its visits to the lead. */
  visitorId: string | undefined;
  /** Demo calls: the call starts at once inside calling hours, and the number is held for 6 hours. */
  callsNow: boolean;
  person: Pick<
    Insertable<Database['leads']>,
    'kind' | 'full_name' | 'first_name' | 'last_name' | 'company_name' | 'phone' | 'email'
  >;
  consent: { version: string; text: string };
  /** The opt-back-in box was ticked: a fresh consent that lifts a do-not-contact listing. */
  optBackIn: boolean;
  outbox(facts: LeadFacts): LeadMessage;
}

/** What the intake decided about an accepted lead. */
interface LeadFacts {
  leadId: string;
  consentId: string;
  callId: string | null;
  /** The number as the phone check gave it, +1 and 10 digits: the call dials it. */
  e164: string;
  timestamp: string;
  timing: CallTiming;
  tag: string;
  calendar: CalendarBooking;
  receiptToken: string;
  receiptUrl: string;
  /** The number's and the address's do-not-contact digests. */
  listed: ListedDigest[];
}

function demoCallForm(form: DemoCallRequest): LeadForm {
  return {
    subject: { email: form.email, phone: form.phone, fullName: form.fullName },
    fields: { email: 'email', phone: 'phone', fullName: 'fullName' },
    sourceTag: form.sourceTag,
    browserZone: form.timezone,
    visitorId: form.visitorId,
    callsNow: true,
    person: { kind: 'demo', full_name: form.fullName, phone: form.phone, email: form.email },
    consent: { version: DEMO_CONSENT_VERSION, text: demoConsentText(site.name) },
    optBackIn: form.optBackIn === true,
    outbox: ({ leadId, callId, timestamp, timing, tag, calendar, receiptUrl }) => ({
      topic: DEMO_LEAD_TOPIC,
      payload: {
        type: 'demo-call',
        leadId,
        callId,
        phone: form.phone,
        fullName: form.fullName,
        email: form.email,
        consent: true,
        timestamp,
        timezone: timing.timezone,
        scheduled: timing.scheduled,
        ...sourceFields(tag, calendar),
        receiptUrl,
      } satisfies DemoLeadPayload,
    }),
  };
}

function contactForm(form: ContactRequest): LeadForm {
  const fullName = `${form.firstName} ${form.lastName}`;
  return {
    subject: { email: form.email, phone: form.phoneNumber, fullName },
    // The name check covers first and last together; its message shows at the first.
    fields: { email: 'email', phone: 'phoneNumber', fullName: 'firstName' },
    sourceTag: form.sourceTag,
    // The automation calls "shortly" within the recipient's hours; the stored zone and timing are for it.
    browserZone: undefined,
    visitorId: form.visitorId,
    callsNow: false,
    person: {
      kind: 'contact',
      full_name: fullName,
      first_name: form.firstName,
      last_name: form.lastName,
      company_name: form.companyName,
      phone: form.phoneNumber,
      email: form.email,
    },
    // The modal's notice is the consent: submitting is agreeing to it, stored word for word.
    consent: { version: CONTACT_CONSENT_VERSION, text: contactConsentText(site.name) },
    optBackIn: form.optBackIn === true,
    outbox: ({ leadId, timestamp, timing, tag, calendar, receiptUrl }) => ({
      topic: CONTACT_LEAD_TOPIC,
      payload: {
        type: 'contact',
        leadId,
        firstName: form.firstName,
        lastName: form.lastName,
        phoneNumber: form.phoneNumber,
        companyName: form.companyName,
        email: form.email,
        timestamp,
        timezone: timing.timezone,
        ...sourceFields(tag, calendar),
        receiptUrl,
      } satisfies ContactLeadPayload,
    }),
  };
}

/** Reads a submission by the honeypot first (a bot learns nothing of the fields), then by the form's schema. */
function readBy<S extends z.ZodType>(schema: S, describe: (form: z.output<S>) => LeadForm) {
  return (input: unknown): Submission => {
    if (honeypotFilled(input)) return { kind: 'honeypot' };
    const parsed = schema.safeParse(input);
    if (!parsed.success) return { kind: 'invalid', fieldErrors: toFieldErrors(parsed.error).fieldErrors };
    return { kind: 'lead', form: describe(parsed.data) };
  };
}

/** Each form's reading: its schema, and what the intake needs of a submission that passed it. */
const readers = {
  demo_call: readBy(demoCallSchema, demoCallForm),
  contact: readBy(contactSchema, contactForm),
} satisfies Record<LeadFormName, (input: unknown) => Submission>;

/** A form's submission read by its own rules (docs/product-rules.md#lead-forms); nothing is asked of anyone yet. */
export function readSubmission(form: LeadFormName, input: unknown): Submission {
  return readers[form](input);
}

/**
 * Whether a submission uses up its address's hourly quota: one that may become a lead, or a bot's. A typo the
 * form points out costs nothing (docs/product-rules.md#rate-limits).
 */
export function usesQuota(submission: Submission): boolean {
  return submission.kind !== 'invalid';
}

function cooldown(retryAt: Date, now: Date): IntakeOutcome {
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
  return { kind: 'cooldown', retryAt, retryAfterSeconds };
}

function doNotContactRefusal({ fields }: LeadForm): IntakeOutcome {
  return { kind: 'do-not-contact', field: fields.phone, message: DO_NOT_CONTACT_MESSAGE };
}

/** A check's refusal, worded as the forms show it. */
function checkRefusal(checked: Extract<CheckOutcome, { ok: false }>, { fields, subject }: LeadForm): IntakeOutcome {
  switch (checked.failed) {
    case 'email':
      return { kind: 'refused', check: 'email', field: fields.email, message: checked.reason };
    case 'phone':
      return { kind: 'refused', check: 'phone', field: fields.phone, message: PHONE_INVALID_MESSAGE };
    case 'phone-unavailable':
      return { kind: 'unavailable', check: 'phone' };
    case 'name':
      return { kind: 'refused', check: 'name', field: fields.fullName, message: nameInvalidMessage(subject.fullName) };
    case 'name-unavailable':
      return { kind: 'unavailable', check: 'name', field: fields.fullName, message: NAME_CHECK_FAILED_MESSAGE };
  }
}

/** Lead, consent, call (when it starts now), payload and the number's claim: the rows of one transaction. */
function leadWrite(form: LeadForm, facts: LeadFacts, evidence: IntakeContext): LeadWrite {
  const { leadId, consentId, callId, e164, timestamp, timing, tag, calendar } = facts;
  const origin = { ip_address: evidence.ipAddress, user_agent: evidence.userAgent };
  return {
    lead: {
      id: leadId,
      ...form.person,
      consent: 1,
      timezone: timing.timezone,
      scheduled: timing.scheduled ? 1 : 0,
      source_tag: tag,
      calendar_link: calendar.link,
      ...origin,
      visitor_id: form.visitorId ?? null,
      created_at: timestamp,
    },
    consent: {
      id: consentId,
      lead_id: leadId,
      consent_text_version: form.consent.version,
      consent_text: form.consent.text,
      ...origin,
      created_at: timestamp,
      receipt_hash: receiptHashOf(facts.receiptToken),
      renewal_text: form.optBackIn ? OPT_BACK_IN_TEXT : null,
    },
    call: callId
      ? {
          id: callId,
          lead_id: leadId,
          phone_number: e164,
          status: 'preparing',
          created_at: timestamp,
          updated_at: timestamp,
        }
      : undefined,
    outbox: form.outbox(facts),
    cooldown: form.callsNow ? { phone: form.subject.phone } : undefined,
    doNotContact: { digests: facts.listed, optBackIn: form.optBackIn },
  };
}

export function leadIntake({
  store,
  checks,
  clock,
  calTeam,
  siteUrl,
  doNotContact,
  callEvents,
  onLeadQueued,
  placesCalls = false,
  newId = () => crypto.randomUUID(),
}: LeadIntakeDeps) {
  /** The rest of the path for a submission read by readSubmission. */
  async function take(submission: Submission, context: IntakeContext): Promise<IntakeOutcome> {
    if (submission.kind !== 'lead') return submission;
    const { form } = submission;

    // An early, read-only answer for a number in its 6 hours: no third party is asked about it again.
    if (form.callsNow) {
      const asked = clock();
      const waitUntil = await store.cooldownEnd(form.subject.phone, asked);
      if (waitUntil) return cooldown(waitUntil, asked);
    }
    // Nobody on the do-not-contact list is checked, stored or called unless they opt back in
    // (docs/product-rules.md#consent); the lead's transaction asks again.
    const listed = doNotContact.digestsOf({ phone: form.subject.phone, email: form.subject.email });
    if (!form.optBackIn && (await store.listed(listed))) return doNotContactRefusal(form);

    let checked: CheckOutcome;
    try {
      checked = await runLeadChecks(checks, form.subject);
    } catch (error) {
      return { kind: 'failed', stage: 'checks', error };
    }
    if (!checked.ok) return checkRefusal(checked, form);

    const now = clock();
    const timing = decideCallTiming(checked.timeZones, form.browserZone, now);
    const tag = form.sourceTag ?? DEFAULT_SOURCE_TAG;
    const leadId = newId();
    // The call id names the socket room: a random UUID (122 random bits) nobody can guess.
    // With a call provider, a scheduled call is placed at the opening of calling hours; not for a number whose
    // zone nobody knows, since nothing says when its hours are.
    const window = form.callsNow && placesCalls ? callingWindow(checked.timeZones, form.browserZone, now) : null;
    const callId = form.callsNow && (!timing.scheduled || window) ? newId() : null;
    const receiptToken = newReceiptToken();
    const facts: LeadFacts = {
      leadId,
      consentId: newId(),
      callId,
      e164: checked.e164,
      timestamp: now.toISOString(),
      timing,
      tag,
      calendar: calendarFor(tag, calTeam),
      receiptToken,
      receiptUrl: receiptUrlOf(siteUrl, receiptToken),
      listed,
    };
    const write = leadWrite(form, facts, context);
    if (callId && window) write.placement = placementMessage({ callId, leadId }, window);

    let saved: Awaited<ReturnType<typeof store.save>>;
    try {
      saved = await store.save(write, now);
    } catch (error) {
      return { kind: 'failed', stage: 'store', error };
    }
    if (!saved.saved) return saved.doNotContact ? doNotContactRefusal(form) : cooldown(saved.retryAt, now);

    // After commit, never inside it. 'preparing' starts the local call driver when it runs.
    const room = timing.scheduled ? null : callId;
    if (room) callEvents.publish(statusEvent(room, 'preparing', now));
    onLeadQueued();
    return { kind: 'accepted', leadId, callId: room, receiptUrl: facts.receiptUrl };
  }

  return {
    take,
    /** A demo call from its raw body: a call now inside the number's calling hours, otherwise a scheduled one. */
    takeDemoCall: (input: unknown, context: IntakeContext) => take(readSubmission('demo_call', input), context),
    /** A contact form from its raw body: the automation calls back. */
    takeContact: (input: unknown, context: IntakeContext) => take(readSubmission('contact', input), context),
  };
}

export type LeadIntake = ReturnType<typeof leadIntake>;
