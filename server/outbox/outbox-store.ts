import type { Kysely } from 'kysely';
import type { Database } from '#db/schema.ts';

export interface OutboxMessage {
  topic: string;
  payload: unknown;
}

export interface OutboxRow {
  id: number;
  topic: string;
  payload: string;
  attempts: number;
  next_attempt_at: string;
}

/** Queues a webhook payload; called inside the lead's transaction so both commit or neither (DESIGN "Flows"). */
export async function enqueueOutbox(db: Kysely<Database>, message: OutboxMessage, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('outbox')
    .values({ topic: message.topic, payload: JSON.stringify(message.payload), next_attempt_at: at, created_at: at })
    .execute();
}

/** The worker's view of the table. Each claim is a conditional update, so two workers never send one row. */
export function outboxStore(db: Kysely<Database>) {
  return {
    due(now: Date, limit: number): Promise<OutboxRow[]> {
      return db
        .selectFrom('outbox')
        .select(['id', 'topic', 'payload', 'attempts', 'next_attempt_at'])
        .where('delivered_at', 'is', null)
        .where('next_attempt_at', '<=', now.toISOString())
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Leases the row until `until` if nobody else has since it was read; false when another worker did. */
    async claim(row: OutboxRow, until: Date): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ next_attempt_at: until.toISOString() })
        .where('id', '=', row.id)
        .where('next_attempt_at', '=', row.next_attempt_at)
        .where('delivered_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async delivered(row: OutboxRow, now: Date): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ delivered_at: now.toISOString(), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
    },

    async failed(row: OutboxRow, error: string, retryAt: Date): Promise<void> {
      await db
        .updateTable('outbox')
        .set({ attempts: row.attempts + 1, last_error: error.slice(0, 500), next_attempt_at: retryAt.toISOString() })
        .where('id', '=', row.id)
        .execute();
    },
  };
}
