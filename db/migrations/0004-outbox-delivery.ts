import type { Kysely } from 'kysely';
import { columnTypes } from '#db/dialect.ts';

/**
 * The outbox delivers several rows at once and tells the receiver which lead a payload is:
 * - `delivery_id`: the lead's id, sent as the delivery header. Unlike the row number it survives a new
 *   database, so a receiver can drop a payload it already has. Filled from the stored payloads' `leadId`.
 * - `claimed_until`: a worker's lease on a row while it is being sent, kept apart from `next_attempt_at` so
 *   that making waiting rows due again (when the receiver recovers) never frees a row that is in flight.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema
    .alterTable('outbox')
    .addColumn('delivery_id', text, (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('outbox').addColumn('claimed_until', text).execute();

  const outbox = db as Kysely<{ outbox: { id: number; payload: string; delivery_id: string } }>;
  const rows = await outbox.selectFrom('outbox').select(['id', 'payload']).execute();
  for (const row of rows) {
    await outbox
      .updateTable('outbox')
      .set({ delivery_id: leadIdOf(row.payload) ?? `outbox-${row.id}` })
      .where('id', '=', row.id)
      .execute();
  }
}

function leadIdOf(payload: string): string | undefined {
  try {
    const leadId = (JSON.parse(payload) as { leadId?: unknown }).leadId;
    return typeof leadId === 'string' && leadId !== '' ? leadId : undefined;
  } catch {
    return undefined;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('claimed_until').execute();
  await db.schema.alterTable('outbox').dropColumn('delivery_id').execute();
}
