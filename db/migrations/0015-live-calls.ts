import { type Kysely, sql } from 'kysely';
import { columnTypes, idColumn } from '#db/dialect.ts';

// The call itself (docs/product-rules.md#call-status): its live state and how it ended beside the first
// version's status, the provider's id for it, what was said, what was learned and the summary. Transcripts and
// fields are the caller's personal data: they hang on the call, which hangs on the lead, so retention and
// erasure take them along (ON DELETE CASCADE).
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text, integer, now } = columnTypes(db);
  const calls = () => db.schema.alterTable('call_notifications');
  await calls()
    .addColumn('state', text, (c) =>
      c.notNull().defaultTo('preparing').check(sql`state in ('preparing', 'ringing', 'in-progress', 'ended')`),
    )
    .execute();
  await calls()
    .addColumn('outcome', text, (c) =>
      c.check(sql`outcome in ('completed', 'no-answer', 'busy', 'voicemail', 'failed')`),
    )
    .execute();
  // The provider's reason, or why the call could not be placed: for the lead inbox.
  await calls().addColumn('ended_reason', text).execute();
  await calls().addColumn('provider_call_id', text).execute();
  await calls().addColumn('duration_seconds', integer).execute();
  await calls().addColumn('summary', text).execute();
  await calls().addColumn('next_step', text).execute();
  await calls().addColumn('summarized_at', text).execute();
  await db.schema
    .createIndex('call_notifications_provider_call_id')
    .unique()
    .on('call_notifications')
    .column('provider_call_id')
    .execute();
  // Calls stored before: the state their status stands for.
  await sql`update call_notifications set
      state = case status when 'calling' then 'ringing' when 'preparing' then 'preparing' else 'ended' end,
      outcome = case status when 'completed' then 'completed' when 'failed' then 'failed' else null end`.execute(db);

  await db.schema
    .createTable('call_transcript_lines')
    .addColumn('id', integer, idColumn(db))
    .addColumn('call_id', text, (c) => c.notNull().references('call_notifications.id').onDelete('cascade'))
    .addColumn('utterance_id', text, (c) => c.notNull())
    .addColumn('role', text, (c) => c.notNull().check(sql`role in ('assistant', 'caller')`))
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('spoken_at', text, (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('call_transcript_lines_utterance', ['call_id', 'utterance_id'])
    .execute();

  await db.schema
    .createTable('call_fields')
    .addColumn('call_id', text, (c) => c.primaryKey().references('call_notifications.id').onDelete('cascade'))
    .addColumn('timeline', text)
    .addColumn('financing', text)
    .addColumn('area', text)
    .addColumn('budget', text)
    .addColumn('showing_booked', integer)
    .addColumn('showing_time', text)
    .addColumn('updated_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_fields').execute();
  await db.schema.dropTable('call_transcript_lines').execute();
  await db.schema.dropIndex('call_notifications_provider_call_id').execute();
  for (const column of [
    'summarized_at',
    'next_step',
    'summary',
    'duration_seconds',
    'provider_call_id',
    'ended_reason',
    'outcome',
    'state',
  ]) {
    await db.schema.alterTable('call_notifications').dropColumn(column).execute();
  }
}
