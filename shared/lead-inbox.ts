import type { CallOutcome, CallState } from './call-status-protocol.ts';

// The operators' lead inbox (GET /api/leads and friends): response shapes and the values its filters take.
// No zod here, so the page's code does not carry a validator; the server's schemas are in lead-inbox-schema.ts.

export const LEAD_KINDS = ['demo', 'contact'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

export const LEAD_KIND_LABELS = { demo: 'Demo call', contact: 'Contact form' } as const satisfies Record<
  LeadKind,
  string
>;

/**
 * Where a lead's delivery to LEAD_WEBHOOK_URL stands: not tried yet, failed and being retried, delivered, or
 * given up after LEAD_WEBHOOK_GIVE_UP_HOURS (until an operator retries it).
 */
export const DELIVERY_STATES = ['queued', 'retrying', 'delivered', 'given_up'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_STATE_LABELS = {
  queued: 'Queued',
  retrying: 'Retrying',
  delivered: 'Delivered',
  given_up: 'Given up',
} as const satisfies Record<DeliveryState, string>;

/** Whether a lead's consent stands or was taken back (docs/product-rules.md#consent). */
export const CONSENT_STATES = ['given', 'revoked'] as const;
export type ConsentState = (typeof CONSENT_STATES)[number];

export const CONSENT_STATE_LABELS = { given: 'Consent given', revoked: 'Consent revoked' } as const satisfies Record<
  ConsentState,
  string
>;

export const INBOX_PAGE_SIZE = 50;
export const INBOX_PAGE_SIZE_MAX = 200;
/** Longest search term: a name, an e-mail address or a phone number. */
export const INBOX_SEARCH_MAX = 100;

/** The inbox's filters as the API takes them (query parameters of the same names). */
export interface InboxFilters {
  kind?: LeadKind;
  /** A source tag, exactly. */
  source?: string;
  state?: DeliveryState;
  consent?: ConsentState;
  /** First and last day, yyyy-mm-dd, UTC, both included. */
  from?: string;
  to?: string;
  /** A phone number (or part of one), a name or an e-mail address. */
  q?: string;
}

export interface InboxLead {
  id: string;
  /** When the site captured it, ISO-8601 UTC. */
  createdAt: string;
  kind: LeadKind;
  fullName: string;
  /** Contact form only. */
  companyName: string | null;
  /** The digits as stored: 10 for a US number. */
  phone: string;
  email: string;
  sourceTag: string;
  calendarLink: string | null;
  timezone: string | null;
  /** Demo calls outside the number's calling hours, and contact forms, wait for a scheduled call. */
  scheduled: boolean;
  /**
   * The demo call, when there is one (immediate, or placed by the call provider at its time); `endedReason` says
   * how it ended, or why it could not be placed.
   */
  call: {
    status: string;
    /** The live call's state and how it ended (docs/product-rules.md#call-status); its transcript is read apart. */
    state: CallState;
    outcome: CallOutcome | null;
    durationSeconds: number | null;
    updatedAt: string;
    endedReason: string | null;
  } | null;
  /** Evidence of the consent given with the lead. */
  consent: {
    version: string;
    givenAt: string;
    ipAddress: string | null;
    userAgent: string | null;
    /** When it was taken back, and how (the receipt's button or the consent policy page's form); null while it stands. */
    revokedAt: string | null;
    revokedVia: 'receipt' | 'form' | null;
  } | null;
  delivery: {
    state: DeliveryState;
    attempts: number;
    lastError: string | null;
    /** When the worker tries next (retrying), ISO-8601. */
    nextAttemptAt: string;
    deliveredAt: string | null;
    givenUpAt: string | null;
  } | null;
}

/** GET /api/leads: one page, newest first. */
export interface InboxPage {
  leads: InboxLead[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** Leads matching the filters; given with the first page only (without `cursor`). */
  total: number | null;
}

/** GET /api/leads/delivery: what waits to reach the automation. */
export interface DeliverySummary {
  /** False when LEAD_WEBHOOK_URL is unset: leads are stored and shown here, and sent nowhere. */
  webhookConfigured: boolean;
  /** LEAD_WEBHOOK_GIVE_UP_HOURS. */
  giveUpHours: number;
  queued: number;
  retrying: number;
  givenUp: number;
  /** queued + retrying + givenUp. */
  undelivered: number;
  /** When the oldest undelivered lead was captured, ISO-8601; null when none waits. */
  oldestUndeliveredAt: string | null;
  /** The server's time of the count, to tell the age of the oldest. */
  checkedAt: string;
}

/** POST /api/leads/:id/retry and /api/leads/retry-given-up: how many deliveries are due again. */
export interface RetryResult {
  retried: number;
}
