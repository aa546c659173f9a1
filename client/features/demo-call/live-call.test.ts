import { expect, test } from 'vitest';
import type { CallSnapshot, TranscriptLine } from '#shared/call-status-protocol.ts';
import {
  fieldText,
  finalLines,
  foldLiveCall,
  formatDuration,
  type LiveCall,
  type LiveCallUpdate,
  NEW_CALL,
  partialLines,
  stateLabel,
} from './live-call.ts';

const CALL_ID = '0b6f1c1e-2a51-4c6e-9d0a-3f5c2b7e8a11';
const AT = '2026-01-15T18:00:05.000Z';

function line(utteranceId: string, text: string, kind: 'partial' | 'final' = 'final'): TranscriptLine {
  return { utteranceId, role: utteranceId.startsWith('a') ? 'assistant' : 'caller', text, kind, at: AT };
}

function fold(...updates: LiveCallUpdate[]): LiveCall {
  return updates.reduce(foldLiveCall, NEW_CALL);
}

/** Final lines as a join answer carries them. */
function stored(...lines: [string, string][]): CallSnapshot['transcript'] {
  return lines.map(([id, text]) => ({ ...line(id, text), kind: 'final' }));
}

const heard = (...lines: TranscriptLine[]) => lines.map((each) => ({ kind: 'transcript' as const, line: each }));
const texts = (call: LiveCall) => call.transcript.map((each) => each.text);

function snapshot(overrides: Partial<CallSnapshot>): LiveCallUpdate {
  return {
    kind: 'snapshot',
    snapshot: {
      callId: CALL_ID,
      status: 'calling',
      state: 'in-progress',
      outcome: null,
      at: AT,
      transcript: [],
      fields: {},
      summary: null,
      ...overrides,
    },
  };
}

test('lines show as they are spoken: a partial grows, then its final line replaces it in place', () => {
  const call = fold(
    ...heard(
      line('a1', 'Hi, this is', 'partial'),
      line('a1', 'Hi, this is the Porchlight assistant', 'partial'),
      line('a1', 'Hi, this is the Porchlight assistant.'),
      line('c1', 'Oh hi', 'partial'),
    ),
  );
  expect(texts(call)).toEqual(['Hi, this is the Porchlight assistant.', 'Oh hi']);
  expect(finalLines(call).map((each) => each.text)).toEqual(['Hi, this is the Porchlight assistant.']);
  expect(partialLines(call).map((each) => each.text)).toEqual(['Oh hi']);
  // A partial arriving after its final line changes nothing.
  expect(texts(foldLiveCall(call, { kind: 'transcript', line: line('a1', 'Hi, this', 'partial') }))).toEqual(
    texts(call),
  );
});

test('a state only moves forward, and an ended call keeps how it ended', () => {
  const status = (state: LiveCall['state'], outcome: LiveCall['outcome'] = null): LiveCallUpdate => ({
    kind: 'status',
    event: { callId: CALL_ID, status: 'calling', state, outcome, at: AT },
  });
  const ringing = fold(status('in-progress'), status('ringing'));
  expect(ringing.state).toBe('in-progress');
  const ended = fold(status('ended', 'voicemail'), status('ended', 'completed'), status('in-progress'));
  expect(ended).toMatchObject({ state: 'ended', outcome: 'voicemail' });
  expect(stateLabel(ended)).toBe('The call went to voicemail');
});

test('after a reload the join answer brings the lines so far, and the line being spoken stays after them', () => {
  // This page heard a1 in part and c1 not at all while it was away; the answer has both in full.
  const before = fold(...heard(line('a1', 'Hi, this', 'partial')));
  const after = foldLiveCall(
    before,
    snapshot({ transcript: stored(['a1', 'Hi, this is the assistant.'], ['c1', 'Hello!']) }),
  );
  expect(texts(after)).toEqual(['Hi, this is the assistant.', 'Hello!']);
  // An answer older than a push that overtook it loses nothing of what was pushed.
  const pushed = fold(...heard(line('a1', 'Hi.'), line('c1', 'Hello.'), line('a2', 'When do', 'partial')));
  const older = foldLiveCall(pushed, snapshot({ transcript: stored(['a1', 'Hi.']), state: 'ringing' }));
  expect(texts(older)).toEqual(['Hi.', 'Hello.', 'When do']);
  expect(older.state).toBe('ringing');
});

test('fields fill in and are never emptied by a later, shorter record', () => {
  const call = fold(
    { kind: 'fields', fields: { timeline: 'within three months' } },
    { kind: 'fields', fields: { timeline: 'within three months', financing: 'pre-approved' } },
    snapshot({ fields: { timeline: 'within three months' } }),
  );
  expect(fieldText(call.fields, 'timeline')).toBe('within three months');
  expect(fieldText(call.fields, 'financing')).toBe('pre-approved');
  expect(fieldText(call.fields, 'area')).toBeUndefined();
  expect(fieldText({ showingBooked: true, showingTime: 'Saturday at 11 AM' }, 'showingBooked')).toBe(
    'Booked: Saturday at 11 AM',
  );
  expect(fieldText({ showingBooked: false }, 'showingBooked')).toBe('Not booked');
});

test('the summary arrives once the call has ended, and a join answer without one does not erase it', () => {
  const summary = { durationSeconds: 185, learned: 'Buying within three months.', nextStep: 'Showing on Saturday.' };
  const call = fold({ kind: 'summary', summary }, snapshot({ summary: null, state: 'ended', outcome: 'completed' }));
  expect(call.summary).toEqual(summary);
  expect(stateLabel(call)).toBe('Call ended');
});

test('durations read as minutes and seconds', () => {
  expect(formatDuration(45)).toBe('45 s');
  expect(formatDuration(180)).toBe('3 min');
  expect(formatDuration(185)).toBe('3 min 5 s');
});
