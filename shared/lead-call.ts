import type { CallFields, CallOutcome, CallState, TranscriptRole } from './call-status-protocol.ts';

// A lead's demo call in full for the lead inbox (GET /api/leads/:id/call): read when the operator opens the lead,
// never with the list, which carries the call's state, outcome and duration only (docs/product-rules.md#call-status).
// Types only, so the inbox's code carries no validator.

export interface LeadCall {
  state: CallState;
  /** How it ended; null until it has. */
  outcome: CallOutcome | null;
  /** The provider's reason for the end, or why the call could not be placed. */
  endedReason: string | null;
  /** When the call was asked for, and when it last changed: ISO-8601. */
  createdAt: string;
  updatedAt: string;
  durationSeconds: number | null;
  /** The final lines, in the order they were spoken. */
  transcript: { role: TranscriptRole; text: string; at: string }[];
  fields: CallFields;
  /** Once the call has been summed up. */
  summary: { learned: string | null; nextStep: string | null } | null;
}

/** GET /api/leads/:id/call: the lead's latest call, or null when it has none (a contact form, a scheduled call). */
export interface LeadCallAnswer {
  call: LeadCall | null;
}
