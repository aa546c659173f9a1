import { type Kysely, type Selectable, sql } from 'kysely';
import type { DB } from '#db/database.ts';
import { groupedWrites } from '#db/grouped-writes.ts';
import type { Database } from '#db/schema.ts';
import {
  CALL_FIELDS_EVENT,
  CALL_SUMMARY_EVENT,
  CALL_TRANSCRIPT_EVENT,
  type CallFields,
  type CallSnapshot,
  type CallSummary,
  FIELD_TEXT_MAX,
  SUMMARY_TEXT_MAX,
  statusOfState,
  TRANSCRIPT_TEXT_MAX,
  type TranscriptLine,
  type TranscriptRole,
} from '#shared/call-status-protocol.ts';
import type { Clock } from '#shared/clock.ts';
import type { CallEvents } from './call-events.ts';

// What is said and learned on a call (docs/product-rules.md#call-status): final transcript lines, the fields the
// assistant qualified, the summary. Stored first, pushed to the call's room after commit. Partial lines are only
// pushed: the final line replaces them, and storing every partial would be a write per word.

/** A line as a provider (or the local driver) hears it; the utterance id is ours to give. */
export interface HeardLine {
  role: TranscriptRole;
  text: string;
  final: boolean;
}

export type HearResult = { result: 'heard' | 'duplicate'; utteranceId: string } | { result: 'not-found' };
export type ChangeResult = { result: 'updated' | 'unchanged' } | { result: 'not-found' };

export interface CallConversation {
  hear(callId: string, line: HeardLine): Promise<HearResult>;
  /** Adds what was learned; a field heard again with a new value takes it. */
  learn(callId: string, fields: CallFields): Promise<ChangeResult>;
  summarize(callId: string, summary: CallSummary): Promise<ChangeResult>;
  /** The whole call so far, for a browser that joins (or joins again). */
  snapshot(callId: string): Promise<CallSnapshot | undefined>;
  /** How many final lines the call has, for a player that resumes it. */
  finalLines(callId: string): Promise<number>;
}

type FieldsRow = Selectable<Database['call_fields']>;

/** A call's fields row as the protocol's record: only what was heard. */
export function callFieldsOf(row: FieldsRow | undefined): CallFields {
  const fields: CallFields = {};
  if (!row) return fields;
  if (row.timeline !== null) fields.timeline = row.timeline;
  if (row.financing !== null) fields.financing = row.financing;
  if (row.area !== null) fields.area = row.area;
  if (row.budget !== null) fields.budget = row.budget;
  if (row.showing_booked !== null) fields.showingBooked = row.showing_booked === 1;
  if (row.showing_time !== null) fields.showingTime = row.showing_time;
  return fields;
}

/** Every column of the row, null where the field is not known. */
function columnsOf(fields: CallFields) {
  return {
    timeline: fields.timeline ?? null,
    financing: fields.financing ?? null,
    area: fields.area ?? null,
    budget: fields.budget ?? null,
    showing_booked: fields.showingBooked === undefined ? null : fields.showingBooked ? 1 : 0,
    showing_time: fields.showingTime ?? null,
  };
}

/** `fields` over `known`: what is heard again takes its new value; text is cut to its bound. */
function merged(known: CallFields, fields: CallFields): CallFields {
  const result: CallFields = { ...known };
  for (const name of ['timeline', 'financing', 'area', 'budget', 'showingTime'] as const) {
    const value = fields[name]?.trim().slice(0, FIELD_TEXT_MAX);
    if (value) result[name] = value;
  }
  if (fields.showingBooked !== undefined) result.showingBooked = fields.showingBooked;
  return result;
}

const sameFields = (a: CallFields, b: CallFields) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

function clip(value: string | null, max: number): string | null {
  return value === null ? null : value.slice(0, max);
}

export function callConversation({
  db,
  events,
  clock,
}: {
  db: DB;
  events: CallEvents;
  clock: Clock;
}): CallConversation {
  const callExists = async (trx: Kysely<Database>, callId: string) =>
    (await trx.selectFrom('call_notifications').select('id').where('id', '=', callId).executeTakeFirst()) !== undefined;

  /**
   * A partial line: pushed, not stored. Its utterance is the one after its role's last final line, so a partial
   * and the final that ends it share an id, whichever instance hears each. One read, which also finds the call.
   */
  async function hearPartial(callId: string, role: TranscriptRole): Promise<HearResult> {
    const row = await db
      .selectFrom('call_notifications as c')
      .select((eb) =>
        eb
          .selectFrom('call_transcript_lines as t')
          .select((inner) => inner.fn.countAll<number | string>().as('n'))
          .whereRef('t.call_id', '=', 'c.id')
          .where('t.role', '=', role)
          .as('finals'),
      )
      .where('c.id', '=', callId)
      .executeTakeFirst();
    if (!row) return { result: 'not-found' };
    return { result: 'heard', utteranceId: `${role}-${Number(row.finals ?? 0) + 1}` };
  }

  /**
   * A final line: one statement that numbers the utterance after its role's last final line and stores it, for a
   * call that exists and whose last line is not these very words by the same speaker (a provider that sends a
   * final line twice). The lines of a burst (many calls talking at once) share one commit (db/grouped-writes.ts).
   * Two finals of one speaker at the same instant on PostgreSQL may number alike; the unique (call, utterance)
   * refuses the second, whose group is written again.
   */
  const storeFinal = groupedWrites(
    db,
    async (trx, { callId, role, text, at }: { callId: string; role: TranscriptRole; text: string; at: string }) => {
      const inserted = await sql<{ utterance_id: string }>`
        insert into call_transcript_lines (call_id, utterance_id, role, text, spoken_at)
        select c.id,
          cast(${role} as text) || '-' || cast((
            select count(*) + 1 from call_transcript_lines t where t.call_id = c.id and t.role = ${role}
          ) as text),
          ${role}, ${text}, ${at}
        from call_notifications c
        where c.id = ${callId}
          and not exists (
            select 1 from call_transcript_lines l
            where l.call_id = c.id and l.role = ${role} and l.text = ${text}
              and l.id = (select max(m.id) from call_transcript_lines m where m.call_id = c.id)
          )
        returning utterance_id`.execute(trx);
      return inserted.rows[0]?.utterance_id;
    },
    { retryable: isUniqueViolation, attempts: 3 },
  );

  async function hear(callId: string, line: HeardLine): Promise<HearResult> {
    const text = line.text.trim().slice(0, TRANSCRIPT_TEXT_MAX);
    const at = clock().toISOString();
    let heard: HearResult;
    if (!line.final) {
      heard = await hearPartial(callId, line.role);
    } else {
      const utteranceId = await storeFinal({ callId, role: line.role, text, at });
      if (utteranceId) {
        heard = { result: 'heard', utteranceId };
      } else {
        // Nothing stored: the call is not there, or this line is the one it heard last.
        const last = await db
          .selectFrom('call_notifications as c')
          .leftJoin('call_transcript_lines as l', (join) =>
            join.onRef('l.call_id', '=', 'c.id').on('l.id', '=', (eb) =>
              eb
                .selectFrom('call_transcript_lines as m')
                .select((m) => m.fn.max('m.id').as('id'))
                .whereRef('m.call_id', '=', 'c.id'),
            ),
          )
          .select('l.utterance_id')
          .where('c.id', '=', callId)
          .executeTakeFirst();
        heard = last ? { result: 'duplicate', utteranceId: last.utterance_id ?? '' } : { result: 'not-found' };
      }
    }
    if (heard.result === 'heard') {
      events.publish({
        name: CALL_TRANSCRIPT_EVENT,
        event: {
          callId,
          utteranceId: heard.utteranceId,
          role: line.role,
          text,
          kind: line.final ? 'final' : 'partial',
          at,
        },
      });
    }
    return heard;
  }

  async function learn(callId: string, fields: CallFields): Promise<ChangeResult> {
    const now = clock().toISOString();
    const learned = await db.transaction().execute(async (trx) => {
      if (!(await callExists(trx, callId))) return undefined;
      const before = callFieldsOf(
        await trx.selectFrom('call_fields').selectAll().where('call_id', '=', callId).executeTakeFirst(),
      );
      const after = merged(before, fields);
      if (sameFields(before, after)) return { changed: false, fields: after };
      const columns = { ...columnsOf(after), updated_at: now };
      await trx
        .insertInto('call_fields')
        .values({ call_id: callId, ...columns })
        .onConflict((oc) => oc.column('call_id').doUpdateSet(columns))
        .execute();
      return { changed: true, fields: after };
    });
    if (!learned) return { result: 'not-found' };
    if (learned.changed) events.publish({ name: CALL_FIELDS_EVENT, event: { callId, fields: learned.fields } });
    return { result: learned.changed ? 'updated' : 'unchanged' };
  }

  async function summarize(callId: string, summary: CallSummary): Promise<ChangeResult> {
    const next: CallSummary = {
      durationSeconds: summary.durationSeconds,
      learned: clip(summary.learned, SUMMARY_TEXT_MAX),
      nextStep: clip(summary.nextStep, SUMMARY_TEXT_MAX),
    };
    const done = await db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('call_notifications')
        .select(['duration_seconds', 'summary', 'next_step', 'summarized_at'])
        .where('id', '=', callId)
        .executeTakeFirst();
      if (!row) return undefined;
      if (
        row.summarized_at !== null &&
        row.duration_seconds === next.durationSeconds &&
        row.summary === next.learned &&
        row.next_step === next.nextStep
      ) {
        return false;
      }
      await trx
        .updateTable('call_notifications')
        .set({
          duration_seconds: next.durationSeconds,
          summary: next.learned,
          next_step: next.nextStep,
          summarized_at: clock().toISOString(),
        })
        .where('id', '=', callId)
        .execute();
      return true;
    });
    if (done === undefined) return { result: 'not-found' };
    if (done) events.publish({ name: CALL_SUMMARY_EVENT, event: { callId, summary: next } });
    return { result: done ? 'updated' : 'unchanged' };
  }

  async function snapshot(callId: string): Promise<CallSnapshot | undefined> {
    const call = await db
      .selectFrom('call_notifications')
      .select(['state', 'outcome', 'updated_at', 'duration_seconds', 'summary', 'next_step', 'summarized_at'])
      .where('id', '=', callId)
      .executeTakeFirst();
    if (!call) return undefined;
    const [lines, fields] = await Promise.all([
      db
        .selectFrom('call_transcript_lines')
        .select(['utterance_id', 'role', 'text', 'spoken_at'])
        .where('call_id', '=', callId)
        .orderBy('id')
        .execute(),
      db.selectFrom('call_fields').selectAll().where('call_id', '=', callId).executeTakeFirst(),
    ]);
    return {
      callId,
      status: statusOfState(call.state, call.outcome),
      state: call.state,
      outcome: call.outcome,
      at: call.updated_at,
      transcript: lines.map(
        (line) =>
          ({
            utteranceId: line.utterance_id,
            role: line.role,
            text: line.text,
            kind: 'final',
            at: line.spoken_at,
          }) satisfies TranscriptLine & { kind: 'final' },
      ),
      fields: callFieldsOf(fields),
      summary:
        call.summarized_at === null
          ? null
          : { durationSeconds: call.duration_seconds, learned: call.summary, nextStep: call.next_step },
    };
  }

  async function finalLines(callId: string): Promise<number> {
    const row = await db
      .selectFrom('call_transcript_lines')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('call_id', '=', callId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  return { hear, learn, summarize, snapshot, finalLines };
}

/** A unique constraint refused the write, on SQLite or PostgreSQL. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code: unknown = Reflect.get(error, 'code');
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
