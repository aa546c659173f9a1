import type { Generated } from 'kysely';
import type { CallOutcome, CallState, CallStatus, TranscriptRole } from '#shared/call-status-protocol.ts';

export type { CallStatus };

/** One demo call (docs/product-rules.md#call-status). The id is unguessable: it names the socket room. */
export interface CallNotificationsTable {
  id: string;
  lead_id: string;
  /** E.164: +1 and 10 digits. */
  phone_number: string;
  /** The first version's status, kept in step with `state` and `outcome` (statusOfState). */
  status: CallStatus;
  state: Generated<CallState>;
  /** How an ended call ended; null before. */
  outcome: CallOutcome | null;
  /** The provider's reason for the end, or why the call could not be placed. */
  ended_reason: string | null;
  /** The call provider's own id for the call, once placed. */
  provider_call_id: string | null;
  duration_seconds: number | null;
  /** What was learned, in a sentence or two, and what happens next; set with `summarized_at` once summed up. */
  summary: string | null;
  next_step: string | null;
  summarized_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** The final lines of a call's transcript, in the order they were heard (partial lines are never stored). */
export interface CallTranscriptLinesTable {
  id: Generated<number>;
  call_id: string;
  /** Unique within the call: `assistant-3`, `caller-2`. */
  utterance_id: string;
  role: TranscriptRole;
  text: string;
  spoken_at: string;
}

/** What the assistant learned qualifying the caller, one row per call, each column null until heard. */
export interface CallFieldsTable {
  call_id: string;
  timeline: string | null;
  financing: string | null;
  area: string | null;
  budget: string | null;
  /** 1 or 0 once known. */
  showing_booked: number | null;
  showing_time: string | null;
  updated_at: string;
}
