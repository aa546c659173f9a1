import type { Kysely } from 'kysely';
import { columnTypes } from '#db/dialect.ts';

// Consent evidence and the 6-hour rule. Timestamps are ISO-8601 UTC text written by the server's clock (no
// dialect-specific defaults), so the same statements run on PostgreSQL too (docs/decisions/0011-sqlite-default.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = columnTypes(db);
  // Lawful evidence of consent: the exact words the visitor agreed to, when, and from where.
  await db.schema
    .createTable('consents')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('lead_id', text, (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('consent_text_version', text, (c) => c.notNull())
    .addColumn('consent_text', text, (c) => c.notNull())
    .addColumn('ip_address', text)
    .addColumn('user_agent', text)
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('consents_lead').on('consents').column('lead_id').execute();

  // A number is called at most once every 6 hours (docs/product-rules.md#six-hour-rule): one row per number, claimed
  // with a conditional upsert inside the lead's transaction. The primary key makes the claim atomic, so two concurrent
  // requests for one number cannot both pass, on SQLite and on PostgreSQL alike.
  await db.schema
    .createTable('phone_cooldowns')
    .addColumn('phone', text, (c) => c.primaryKey())
    .addColumn('last_requested_at', text, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_cooldowns').execute();
  await db.schema.dropTable('consents').execute();
}
