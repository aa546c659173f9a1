import type { Kysely } from 'kysely';
import { columnTypes } from '#db/dialect.ts';

// Consent a visitor can see and take back (docs/product-rules.md#consent):
// - `consents.receipt_hash`: the SHA-256 of the receipt link's random token; the token itself is never stored,
//   so the table cannot give a link away. `renewal_text`: the words of the opt-back-in box when it was ticked.
// - `consent_revocations`: one per lead, with its time and evidence; it goes with its lead (erasure, retention).
// - `do_not_contact`: keyed hashes of revoked numbers and addresses. Tied to no lead, so an erasure keeps it:
//   it is what lets the site keep its word not to call again.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = columnTypes(db);
  await db.schema.alterTable('consents').addColumn('receipt_hash', text).execute();
  await db.schema.alterTable('consents').addColumn('renewal_text', text).execute();
  await db.schema.createIndex('consents_receipt_hash').unique().on('consents').column('receipt_hash').execute();

  await db.schema
    .createTable('consent_revocations')
    .addColumn('lead_id', text, (c) => c.primaryKey().references('leads.id').onDelete('cascade'))
    .addColumn('via', text, (c) => c.notNull())
    .addColumn('ip_address', text)
    .addColumn('user_agent', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('do_not_contact')
    .addColumn('digest', text, (c) => c.primaryKey())
    .addColumn('kind', text, (c) => c.notNull())
    .addColumn('listed_at', text, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('do_not_contact').execute();
  await db.schema.dropTable('consent_revocations').execute();
  await db.schema.dropIndex('consents_receipt_hash').execute();
  await db.schema.alterTable('consents').dropColumn('renewal_text').execute();
  await db.schema.alterTable('consents').dropColumn('receipt_hash').execute();
}
