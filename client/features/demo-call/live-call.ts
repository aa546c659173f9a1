import {
  applyTranscriptLine,
  type CallFieldName,
  type CallFields,
  type CallOutcome,
  type CallSnapshot,
  type CallState,
  type CallStatusEvent,
  type CallSummary,
  type LiveTranscript,
  stateRank,
  type TranscriptLine,
} from '#shared/call-status-protocol.ts';

// The live call as the dialog shows it, folded from what the call's room says (docs/product-rules.md#call-status).
// Pure, so the rules of folding are tested without a socket or a page.

export interface LiveCall {
  state: CallState;
  outcome: CallOutcome | null;
  /** Final lines and the partial lines still being spoken, in the order they were spoken. */
  transcript: LiveTranscript;
  fields: CallFields;
  summary: CallSummary | null;
}

/** One thing heard in the room: the join answer, or one pushed event. */
export type LiveCallUpdate =
  | { kind: 'snapshot'; snapshot: CallSnapshot }
  | { kind: 'status'; event: CallStatusEvent }
  | { kind: 'transcript'; line: TranscriptLine }
  | { kind: 'fields'; fields: CallFields }
  | { kind: 'summary'; summary: CallSummary };

export const NEW_CALL: LiveCall = { state: 'preparing', outcome: null, transcript: [], fields: {}, summary: null };

/** A state moves only forward, and an ended call keeps the outcome it ended with. */
function withState(call: LiveCall, state: CallState, outcome: CallOutcome | null): LiveCall {
  if (stateRank(state) <= stateRank(call.state)) return call;
  return { ...call, state, outcome: state === 'ended' ? outcome : null };
}

/**
 * Folds one update into the call. A join answer (after a reload or a reconnect) brings the final lines stored so
 * far; what this page heard and the answer lacks (the partial line being spoken, or a push that overtook the answer)
 * stays after them. Fields only fill in: a field the answer lacks is kept.
 */
export function foldLiveCall(call: LiveCall, update: LiveCallUpdate): LiveCall {
  switch (update.kind) {
    case 'snapshot': {
      const { snapshot } = update;
      const transcript = call.transcript.reduce<LiveTranscript>(applyTranscriptLine, snapshot.transcript);
      const next = { ...call, transcript, fields: { ...call.fields, ...snapshot.fields } };
      return {
        ...withState(next, snapshot.state, snapshot.outcome),
        summary: snapshot.summary ?? call.summary,
      };
    }
    case 'status':
      return withState(call, update.event.state, update.event.outcome);
    case 'transcript': {
      const transcript = applyTranscriptLine(call.transcript, update.line);
      return transcript === call.transcript ? call : { ...call, transcript };
    }
    case 'fields':
      return { ...call, fields: { ...call.fields, ...update.fields } };
    case 'summary':
      return { ...call, summary: update.summary };
  }
}

/** The lines spoken in full, in order: what a screen reader is told, one at a time. */
export function finalLines(call: LiveCall): TranscriptLine[] {
  return call.transcript.filter((line) => line.kind === 'final');
}

/** The lines still being spoken. */
export function partialLines(call: LiveCall): TranscriptLine[] {
  return call.transcript.filter((line) => line.kind === 'partial');
}

export const SPEAKER_LABELS = { assistant: 'Assistant', caller: 'You' } as const satisfies Record<
  TranscriptLine['role'],
  string
>;

const OUTCOME_LABELS = {
  completed: 'Call ended',
  'no-answer': 'No answer',
  busy: 'The line was busy',
  voicemail: 'The call went to voicemail',
  failed: 'The call could not be completed',
} as const satisfies Record<CallOutcome, string>;

/** Where the call stands, in a few words. */
export function stateLabel(call: Pick<LiveCall, 'state' | 'outcome'>): string {
  switch (call.state) {
    case 'preparing':
      return 'Getting ready to call';
    case 'ringing':
      return 'Ringing your phone';
    case 'in-progress':
      return 'On the call';
    case 'ended':
      return OUTCOME_LABELS[call.outcome ?? 'completed'];
  }
}

/** The qualification fields in the order the assistant asks, with their labels. */
export const FIELD_ROWS = [
  { name: 'timeline', label: 'Timeline' },
  { name: 'financing', label: 'Financing' },
  { name: 'area', label: 'Area' },
  { name: 'budget', label: 'Budget' },
  { name: 'showingBooked', label: 'Showing' },
] as const satisfies readonly { name: CallFieldName; label: string }[];

/** A field as shown, or undefined while it has not been heard. The showing carries its time. */
export function fieldText(fields: CallFields, name: (typeof FIELD_ROWS)[number]['name']): string | undefined {
  if (name !== 'showingBooked') return fields[name];
  if (fields.showingBooked === undefined) return undefined;
  if (!fields.showingBooked) return 'Not booked';
  return fields.showingTime ? `Booked: ${fields.showingTime}` : 'Booked';
}

/** "45 s", "3 min", "3 min 5 s": no locale data needed. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}
