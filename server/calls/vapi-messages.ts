import { z } from 'zod';
import type { CallFields, CallOutcome, TranscriptRole } from '#shared/call-status-protocol.ts';
import type { CallReport } from './call-reports.ts';

// Vapi's server messages (`{ message: { type, call: { id, metadata }, … } }`) read into our own reports
// (server/calls/call-reports.ts). Only what we use is read, leniently: Vapi adds fields over time, and a field we
// do not understand is ignored rather than refused.

const text = z.string().trim().min(1);

const envelopeSchema = z.object({
  message: z.object({
    type: z.string(),
    call: z
      .object({
        id: z.string().min(1).max(200).optional(),
        metadata: z.object({ callId: z.string().optional() }).nullish(),
      })
      .nullish(),
  }),
});

const statusUpdateSchema = z.object({
  status: z.string(),
  endedReason: z.string().nullish(),
});

const transcriptSchema = z.object({
  role: z.enum(['assistant', 'user']),
  transcriptType: z.enum(['partial', 'final']),
  transcript: z.string(),
});

const endOfCallSchema = z.object({
  endedReason: z.string().nullish(),
  summary: z.string().nullish(),
  durationSeconds: z.number().nonnegative().nullish(),
  startedAt: z.string().nullish(),
  endedAt: z.string().nullish(),
  analysis: z
    .object({
      summary: z.string().nullish(),
      structuredData: z.record(z.string(), z.unknown()).nullish(),
    })
    .nullish(),
  artifact: z.object({ transcript: z.string().nullish() }).nullish(),
});

/** A message read: whose call it is, and what it reports. */
export type VapiMessage =
  | {
      kind: 'call';
      type: string;
      /** Vapi's id for the call. */
      providerCallId: string | undefined;
      /** Ours, from the metadata we placed the call with. */
      callId: string | undefined;
      reports: CallReport[];
      /** The end-of-call report's transcript, for a call whose lines never came one by one. */
      transcriptLines: CallReport[];
    }
  /** A type we do not act on (or a message we cannot read as its type): answered 200 and ignored. */
  | { kind: 'ignored'; type: string }
  | { kind: 'malformed' };

const STATES: Record<string, 'ringing' | 'in-progress' | undefined> = {
  ringing: 'ringing',
  'in-progress': 'in-progress',
  // A transfer to a person: the call goes on.
  forwarding: 'in-progress',
};

/**
 * How a call ended, from Vapi's `endedReason`; undefined when the reason does not say, and the call's own
 * course decides (completed once it was in progress, failed before).
 */
export function outcomeOf(reason: string | null | undefined): CallOutcome | undefined {
  if (!reason) return undefined;
  const r = reason.toLowerCase();
  if (r.includes('did-not-answer') || r.includes('no-answer')) return 'no-answer';
  if (r.includes('busy')) return 'busy';
  if (r.includes('voicemail')) return 'voicemail';
  if (/error|fail|fault|not-found|invalid|canceled|cancelled/.test(r)) return 'failed';
  if (/ended-call|end-call-phrase|forwarded|max-duration|silence-timed-out|hangup|completed/.test(r)) {
    return 'completed';
  }
  return undefined;
}

const FIELD_KEYS = {
  timeline: ['timeline', 'buyingTimeline'],
  financing: ['financing', 'financingStatus'],
  area: ['area', 'location', 'neighborhood'],
  budget: ['budget', 'priceRange'],
  showingTime: ['showingTime', 'showing_time'],
} satisfies Record<string, string[]>;

/** The fields the assistant's structured data holds, under our names or a few obvious others. */
export function fieldsOf(data: Record<string, unknown>): CallFields {
  const fields: CallFields = {};
  for (const [name, keys] of Object.entries(FIELD_KEYS)) {
    for (const key of keys) {
      const value = data[key];
      if (typeof value === 'string' && value.trim()) {
        if (name === 'timeline' || name === 'financing' || name === 'area' || name === 'budget') {
          fields[name] = value.trim();
        } else fields.showingTime = value.trim();
        break;
      }
    }
  }
  const booked = data.showingBooked ?? data.showing_booked;
  if (typeof booked === 'boolean') fields.showingBooked = booked;
  else if (booked === 'yes' || booked === 'true') fields.showingBooked = true;
  else if (booked === 'no' || booked === 'false') fields.showingBooked = false;
  return fields;
}

function durationOf(message: z.infer<typeof endOfCallSchema>): number | null {
  if (typeof message.durationSeconds === 'number') return Math.round(message.durationSeconds);
  if (message.startedAt && message.endedAt) {
    const ms = Date.parse(message.endedAt) - Date.parse(message.startedAt);
    if (Number.isFinite(ms) && ms >= 0) return Math.round(ms / 1000);
  }
  return null;
}

/** "AI: Hi…\nUser: Yes…" as lines; anything not spoken by either is left out. */
export function linesOfTranscript(transcript: string): CallReport[] {
  const lines: CallReport[] = [];
  for (const raw of transcript.split(/\r?\n/)) {
    const match = /^\s*(AI|Assistant|Bot|User|Customer)\s*:\s*(.+)$/i.exec(raw);
    if (!match?.[1] || !match[2]) continue;
    const role: TranscriptRole = /^(ai|assistant|bot)$/i.test(match[1]) ? 'assistant' : 'caller';
    lines.push({ type: 'line', role, text: match[2].trim(), final: true });
  }
  return lines;
}

function reportsOf(type: string, message: unknown): CallReport[] | undefined {
  if (type === 'status-update') {
    const parsed = statusUpdateSchema.safeParse(message);
    if (!parsed.success) return undefined;
    const { status, endedReason } = parsed.data;
    if (status === 'ended')
      return [{ type: 'state', state: 'ended', outcome: outcomeOf(endedReason), reason: endedReason }];
    const state = STATES[status];
    // `queued` and `scheduled`: still preparing.
    return state ? [{ type: 'state', state }] : [];
  }
  if (type === 'transcript' || type.startsWith('transcript[')) {
    const parsed = transcriptSchema.safeParse(message);
    if (!parsed.success) return undefined;
    const { role, transcriptType, transcript } = parsed.data;
    if (!transcript.trim()) return [];
    return [
      {
        type: 'line',
        role: role === 'assistant' ? 'assistant' : 'caller',
        text: transcript,
        final: transcriptType === 'final',
      },
    ];
  }
  if (type === 'end-of-call-report') {
    const parsed = endOfCallSchema.safeParse(message);
    if (!parsed.success) return undefined;
    const report = parsed.data;
    const data = report.analysis?.structuredData ?? {};
    const fields = fieldsOf(data);
    const nextStep = text.safeParse(data.nextStep ?? data.next_step);
    const learned = report.summary ?? report.analysis?.summary ?? null;
    return [
      { type: 'state', state: 'ended', outcome: outcomeOf(report.endedReason), reason: report.endedReason },
      ...(Object.keys(fields).length > 0 ? [{ type: 'fields', fields } satisfies CallReport] : []),
      {
        type: 'summary',
        durationSeconds: durationOf(report),
        learned: learned?.trim() || null,
        nextStep: nextStep.success ? nextStep.data : null,
      },
    ];
  }
  return undefined;
}

/** Reads one server message. */
export function readVapiMessage(body: unknown): VapiMessage {
  const envelope = envelopeSchema.safeParse(body);
  if (!envelope.success) return { kind: 'malformed' };
  const { message } = envelope.data;
  const reports = reportsOf(message.type, Reflect.get(Object(body), 'message'));
  if (!reports) return { kind: 'ignored', type: message.type };
  const transcript =
    message.type === 'end-of-call-report' ? endOfCallSchema.safeParse(Reflect.get(Object(body), 'message')) : undefined;
  return {
    kind: 'call',
    type: message.type,
    providerCallId: message.call?.id,
    callId: message.call?.metadata?.callId,
    reports,
    transcriptLines: transcript?.success ? linesOfTranscript(transcript.data.artifact?.transcript ?? '') : [],
  };
}
