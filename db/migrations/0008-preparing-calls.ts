import type { Kysely } from 'kysely';

// The local call driver looks for calls that have been 'preparing' since before a cutoff every few hundred
// milliseconds (server/calls/local-call-driver.ts): this index answers that from the few such calls rather
// than by reading every call ever made.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('call_notifications_status_created')
    .on('call_notifications')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('call_notifications_status_created').execute();
}
