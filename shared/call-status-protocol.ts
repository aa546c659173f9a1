import { z } from 'zod';

// The demo call as the browser sees it over Socket.IO, in the call's own room (docs/product-rules.md#call-status).
// Everything the server sends is described by a zod schema below, so the browser can parse what arrives and drop
// what it does not understand.

/**
 * The call's status as the first version of the dialog knows it, and as the signed `/api/hooks/call-status` still
 * takes it. Every state below maps onto one of these (`statusOfState`), and every event carries both.
 */
export const CALL_STATUSES = ['preparing', 'calling', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** The live call: preparing → ringing → in-progress → ended. A state never goes back. */
export const CALL_STATES = ['preparing', 'ringing', 'in-progress', 'ended'] as const;
export type CallState = (typeof CALL_STATES)[number];

/** How an ended call ended; `null` until it has. */
export const CALL_OUTCOMES = ['completed', 'no-answer', 'busy', 'voicemail', 'failed'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const TRANSCRIPT_ROLES = ['assistant', 'caller'] as const;
export type TranscriptRole = (typeof TRANSCRIPT_ROLES)[number];

/** Browser → server: `socket.emit(CALL_JOIN_EVENT, callId, (ack: CallJoinAck) => …)`. */
export const CALL_JOIN_EVENT = 'call:join';
/** Server → the call's room: a `CallStatusEvent` on every change of state. */
export const CALL_STATUS_EVENT = 'call:status';
/** Server → the call's room: a `CallTranscriptEvent` for every partial and final line heard. */
export const CALL_TRANSCRIPT_EVENT = 'call:transcript';
/** Server → the call's room: a `CallFieldsEvent`, the whole record so far, whenever a field is learned. */
export const CALL_FIELDS_EVENT = 'call:fields';
/** Server → the call's room: a `CallSummaryEvent`, once the call has ended and been summed up. */
export const CALL_SUMMARY_EVENT = 'call:summary';

/** Where each state sits, for "never backwards": a later state wins, an earlier one is ignored. */
export function stateRank(state: CallState): number {
  return CALL_STATES.indexOf(state);
}

/** The first version's status of a state: ringing and in-progress are 'calling'; an ended call completed or not. */
export function statusOfState(state: CallState, outcome: CallOutcome | null): CallStatus {
  if (state === 'preparing') return 'preparing';
  if (state === 'ended') return outcome === 'completed' ? 'completed' : 'failed';
  return 'calling';
}

/** The state a status reported on the generic hook stands for. */
export function stateOfStatus(status: CallStatus): { state: CallState; outcome: CallOutcome | null } {
  switch (status) {
    case 'preparing':
      return { state: 'preparing', outcome: null };
    case 'calling':
      return { state: 'ringing', outcome: null };
    case 'completed':
      return { state: 'ended', outcome: 'completed' };
    case 'failed':
      return { state: 'ended', outcome: 'failed' };
  }
}

/** Call ids are random UUIDs (unguessable: the id is the only key to a call's room). */
export function isCallId(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value)
  );
}

export const TRANSCRIPT_TEXT_MAX = 2_000;
export const FIELD_TEXT_MAX = 200;
export const SUMMARY_TEXT_MAX = 2_000;

const callId = z.string().refine(isCallId, 'callId must be a call id');
const at = z.iso.datetime({ offset: true });

export const callStatusEventSchema = z.object({
  callId,
  /** The first version's status, for browsers that only know it. */
  status: z.enum(CALL_STATUSES),
  state: z.enum(CALL_STATES),
  outcome: z.enum(CALL_OUTCOMES).nullable(),
  /** When the call reached this state. */
  at,
});
export type CallStatusEvent = z.infer<typeof callStatusEventSchema>;

/**
 * One line of what was said. An utterance is heard first as partial lines (each the whole utterance so far) and
 * then as one final line with the same `utteranceId`, which replaces them. Utterance ids are unique within a call;
 * utterances come in the order they were spoken.
 */
export const transcriptLineSchema = z.object({
  utteranceId: z.string().min(1).max(64),
  role: z.enum(TRANSCRIPT_ROLES),
  text: z.string().max(TRANSCRIPT_TEXT_MAX),
  kind: z.enum(['partial', 'final']),
  at,
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

export const callTranscriptEventSchema = transcriptLineSchema.extend({ callId });
export type CallTranscriptEvent = z.infer<typeof callTranscriptEventSchema>;

const fieldText = z.string().min(1).max(FIELD_TEXT_MAX);

/** What the assistant learned qualifying the caller as a home buyer; a field is absent until it is heard. */
export const callFieldsSchema = z.object({
  /** When they mean to buy, in their words: "within three months". */
  timeline: fieldText.optional(),
  /** How they will pay: "pre-approved", "cash", "needs a lender". */
  financing: fieldText.optional(),
  /** Where they want to live. */
  area: fieldText.optional(),
  /** What they mean to spend. */
  budget: fieldText.optional(),
  /** Whether a showing was booked on the call, and when. */
  showingBooked: z.boolean().optional(),
  showingTime: fieldText.optional(),
});
export type CallFields = z.infer<typeof callFieldsSchema>;
export const CALL_FIELD_NAMES = callFieldsSchema.keyof().options;
export type CallFieldName = keyof CallFields;

export const callFieldsEventSchema = z.object({ callId, fields: callFieldsSchema });
export type CallFieldsEvent = z.infer<typeof callFieldsEventSchema>;

/** The call summed up once it has ended. */
export const callSummarySchema = z.object({
  /** How long the call lasted, when known. */
  durationSeconds: z.number().int().nonnegative().nullable(),
  /** What was learned, in a sentence or two. */
  learned: z.string().max(SUMMARY_TEXT_MAX).nullable(),
  /** What happens next: "Showing on Saturday at 11 AM; the agent confirms by text." */
  nextStep: z.string().max(SUMMARY_TEXT_MAX).nullable(),
});
export type CallSummary = z.infer<typeof callSummarySchema>;

export const callSummaryEventSchema = z.object({ callId, summary: callSummarySchema });
export type CallSummaryEvent = z.infer<typeof callSummaryEventSchema>;

/**
 * The whole call so far: the join answer. It has the status event's fields at its top level (a browser that only
 * knows the status reads it as before), the final transcript lines in order, the fields and the summary, so a
 * browser that reloads or reconnects recovers everything but the partial line being spoken.
 */
export const callSnapshotSchema = callStatusEventSchema.extend({
  transcript: z.array(transcriptLineSchema.extend({ kind: z.literal('final') })),
  fields: callFieldsSchema,
  summary: callSummarySchema.nullable(),
});
export type CallSnapshot = z.infer<typeof callSnapshotSchema>;

export const callJoinAckSchema = z.union([callSnapshotSchema, z.object({ error: z.string() })]);
export type CallJoinAck = z.infer<typeof callJoinAckSchema>;

/** Any event the server sends to a call's room, by its event name. */
export type CallRoomEvent =
  | { name: typeof CALL_STATUS_EVENT; event: CallStatusEvent }
  | { name: typeof CALL_TRANSCRIPT_EVENT; event: CallTranscriptEvent }
  | { name: typeof CALL_FIELDS_EVENT; event: CallFieldsEvent }
  | { name: typeof CALL_SUMMARY_EVENT; event: CallSummaryEvent };

/** A transcript as a browser shows it: final lines and the partial lines still being spoken, in order. */
export type LiveTranscript = readonly TranscriptLine[];

/**
 * Folds one transcript line into what is shown: a final line replaces the partial lines of its utterance, a partial
 * replaces the earlier partial of its utterance, and nothing replaces a final line (a late partial is ignored).
 * A new utterance goes at the end.
 */
export function applyTranscriptLine(lines: LiveTranscript, line: TranscriptLine): LiveTranscript {
  const index = lines.findIndex((shown) => shown.utteranceId === line.utteranceId);
  if (index === -1) return [...lines, line];
  if (lines[index]?.kind === 'final') return lines;
  return lines.map((shown, i) => (i === index ? line : shown));
}
