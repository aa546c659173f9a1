import type { CalendarBooking } from '#shared/source-tag.ts';

// What the automation webhook receives (docs/product-rules.md#lead-delivery), field by field in README's table
// under "Lead webhook" (tests/api/lead-webhook-payload.test.ts holds the table to what a lead really sends). The
// field names the automation already reads are kept as they are (camelCase fields, snake_case source-tag fields);
// `type`, `leadId` and `callId` are ours: the automation reports a call's status back by its callId.

export const DEMO_LEAD_TOPIC = 'lead.demo-call';
export const CONTACT_LEAD_TOPIC = 'lead.contact';
export const CONSENT_REVOKED_TOPIC = 'consent.revoked';
/** The outbox rows the lead webhook delivers (the outbox also holds call placements, server/calls/). */
export const LEAD_TOPICS: readonly string[] = [DEMO_LEAD_TOPIC, CONTACT_LEAD_TOPIC];

/** A lead's webhook message as the outbox queues it: the topic header and the payload it names. */
export type LeadMessage =
  | { topic: typeof DEMO_LEAD_TOPIC; payload: DemoLeadPayload }
  | { topic: typeof CONTACT_LEAD_TOPIC; payload: ContactLeadPayload };

interface SourceFields {
  source_tag: string;
  calendar_link: string;
  calendar_namespace: CalendarBooking['namespace'];
}

export interface DemoLeadPayload extends SourceFields {
  type: 'demo-call';
  leadId: string;
  callId: string | null;
  /** 10 digits. */
  phone: string;
  fullName: string;
  email: string;
  consent: true;
  /** ISO-8601. */
  timestamp: string;
  timezone: string | null;
  scheduled: boolean;
  /** The visitor's consent receipt: where they see what they agreed to and take it back. */
  receiptUrl: string;
}

export interface ContactLeadPayload extends SourceFields {
  type: 'contact';
  leadId: string;
  firstName: string;
  lastName: string;
  /** 10 digits. */
  phoneNumber: string;
  companyName: string;
  email: string;
  timestamp: string;
  timezone: string | null;
  receiptUrl: string;
}

/**
 * A lead's consent was taken back: the automation stops contacting the number and address and drops a call it
 * scheduled (docs/product-rules.md#consent). Its delivery id is `revoked:<leadId>`, so it is sent once per lead.
 */
export interface ConsentRevokedPayload {
  type: 'consent.revoked';
  leadId: string;
  /** 10 digits. */
  phone: string;
  email: string;
  /** ISO-8601. */
  revokedAt: string;
  /** `receipt` (its button) or `form` (the consent policy page's form). */
  via: 'receipt' | 'form';
}

export function sourceFields(tag: string, calendar: CalendarBooking): SourceFields {
  return { source_tag: tag, calendar_link: calendar.link, calendar_namespace: calendar.namespace };
}
