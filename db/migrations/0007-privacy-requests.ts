import type { Kysely } from 'kysely';
import { columnTypes, idColumn } from '#db/dialect.ts';

// The audit trail of privacy requests answered from the lead inbox (server/leads/privacy-store.ts): what was
// done (an export or an erasure), whether the person was found by phone or e-mail, how many records of each
// kind, and when. It keeps no personal data: not the number or address asked about, nor a hash of it (a
// 10-digit number is quickly found again from its hash).
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text, integer } = columnTypes(db);
  await db.schema
    .createTable('privacy_requests')
    .addColumn('id', integer, idColumn(db))
    .addColumn('action', text, (c) => c.notNull())
    .addColumn('matched_by', text, (c) => c.notNull())
    .addColumn('leads', integer, (c) => c.notNull())
    .addColumn('consents', integer, (c) => c.notNull())
    .addColumn('calls', integer, (c) => c.notNull())
    .addColumn('deliveries', integer, (c) => c.notNull())
    .addColumn('visits', integer, (c) => c.notNull())
    .addColumn('cooldowns', integer, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('privacy_requests_created').on('privacy_requests').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('privacy_requests').execute();
}
