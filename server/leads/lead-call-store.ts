import type { DB } from '#db/database.ts';
import { callFieldsOf } from '#server/calls/call-conversation.ts';
import type { LeadCall } from '#shared/lead-call.ts';

// A lead's demo call in full for the lead inbox, read when the operator opens that lead: the list reads only the
// call's own row (lead-inbox-store.ts), so a page of fifty leads never reads fifty transcripts. Three lookups by
// key: the lead's latest call (call_notifications_lead), its lines (the (call, utterance) unique index) and its
// fields (keyed by call).

/** The lead's latest call in full; null when it has none, undefined when there is no such lead. */
export async function leadCallOf(db: DB, leadId: string): Promise<LeadCall | null | undefined> {
  const row = await db
    .selectFrom('leads as l')
    .leftJoin('call_notifications as c', 'c.lead_id', 'l.id')
    .select([
      'c.id',
      'c.state',
      'c.outcome',
      'c.ended_reason',
      'c.created_at',
      'c.updated_at',
      'c.duration_seconds',
      'c.summary',
      'c.next_step',
      'c.summarized_at',
    ])
    .where('l.id', '=', leadId)
    .orderBy('c.created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const { id: callId, state, created_at, updated_at } = row;
  if (callId === null || state === null || created_at === null || updated_at === null) return null;
  const [lines, fields] = await Promise.all([
    db
      .selectFrom('call_transcript_lines')
      .select(['role', 'text', 'spoken_at'])
      .where('call_id', '=', callId)
      .orderBy('id')
      .execute(),
    db.selectFrom('call_fields').selectAll().where('call_id', '=', callId).executeTakeFirst(),
  ]);
  return {
    state,
    outcome: row.outcome,
    endedReason: row.ended_reason,
    createdAt: created_at,
    updatedAt: updated_at,
    durationSeconds: row.duration_seconds,
    transcript: lines.map((line) => ({ role: line.role, text: line.text, at: line.spoken_at })),
    fields: callFieldsOf(fields),
    summary: row.summarized_at === null ? null : { learned: row.summary, nextStep: row.next_step },
  };
}
