import { type Kysely, sql } from 'kysely';
import { columnTypes } from '#db/dialect.ts';
import { leadSearchTerms } from '#shared/search-terms.ts';

// The operators' lead inbox (server/leads/lead-inbox-store.ts):
// - sessions take a third role, `operator`, whose password opens the inbox (docs/decisions/0002-operator-role.md).
//   SQLite cannot change a CHECK constraint in place, so the table is copied into one with the new check.
// - each outbox row says where its delivery stands in `state` (queued, retrying, delivered, given_up), kept by
//   server/outbox/outbox-store.ts, so that the inbox filters on one indexed column; `given_up_at` is when the
//   worker stopped retrying and `retried_at` when an operator last asked it to start again.
// - indexes so that each view of the inbox reads one page of rows, newest first, at any number of leads, and
//   `lead_search_terms`, the words and numbers each lead is found by (shared/search-terms.ts), filled here for
//   the leads already stored, so that a search looks its terms up instead of reading every lead.

async function recreateSessions(db: Kysely<unknown>, roles: string[]): Promise<void> {
  const { text, now } = columnTypes(db);
  await db.schema
    .createTable('sessions_next')
    .addColumn('id_hash', text, (c) => c.primaryKey())
    .addColumn('role', text, (c) => c.notNull().check(sql`role in (${sql.join(roles.map((r) => sql.lit(r)))})`))
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`insert into sessions_next (id_hash, role, expires_at, created_at)
    select id_hash, role, expires_at, created_at from sessions
    where role in (${sql.join(roles.map((r) => sql.lit(r)))})`.execute(db);
  await db.schema.dropTable('sessions').execute();
  await db.schema.alterTable('sessions_next').renameTo('sessions').execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const { text } = columnTypes(db);
  await recreateSessions(db, ['client', 'analytics', 'operator']);

  await db.schema
    .alterTable('outbox')
    .addColumn('state', text, (c) =>
      c.notNull().defaultTo('queued').check(sql`state in ('queued', 'retrying', 'delivered', 'given_up')`),
    )
    .execute();
  await db.schema.alterTable('outbox').addColumn('given_up_at', text).execute();
  await db.schema.alterTable('outbox').addColumn('retried_at', text).execute();
  await sql`update outbox set state = case
      when delivered_at is not null then 'delivered'
      when attempts > 0 then 'retrying'
      else 'queued' end`.execute(db);
  await db.schema.createIndex('outbox_delivery_id').on('outbox').column('delivery_id').execute();
  await db.schema
    .createIndex('outbox_state_created')
    .on('outbox')
    .columns(['state', 'created_at', 'delivery_id'])
    .execute();

  await db.schema.createIndex('leads_created').on('leads').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('leads_kind_created').on('leads').columns(['kind', 'created_at', 'id']).execute();
  await db.schema.createIndex('leads_source_created').on('leads').columns(['source_tag', 'created_at', 'id']).execute();
  // E-mail addresses are found whatever their letter case.
  await db.schema.createIndex('leads_email').on('leads').expression(sql`lower(email)`).execute();
  await db.schema.createIndex('call_notifications_lead').on('call_notifications').column('lead_id').execute();

  await db.schema
    .createTable('lead_search_terms')
    .addColumn('term', text, (c) => c.notNull())
    .addColumn('lead_id', text, (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .execute();
  // Indexed once filled: building an index from all rows at once is far quicker than growing it row by row.
  await fillSearchTerms(db);
  await db.schema
    .createIndex('lead_search_terms_term')
    .on('lead_search_terms')
    .columns(['term', 'lead_id'])
    .unique()
    .execute();
  // Deleting a lead deletes its terms through this index, not by reading the whole table.
  await db.schema.createIndex('lead_search_terms_lead').on('lead_search_terms').column('lead_id').execute();
}

/** The search terms of every stored lead, a page of leads at a time. */
async function fillSearchTerms(db: Kysely<unknown>): Promise<void> {
  const leads = db as Kysely<{
    leads: { id: string; full_name: string; company_name: string | null; email: string; phone: string };
    lead_search_terms: { term: string; lead_id: string };
  }>;
  let after = '';
  for (;;) {
    const page = await leads
      .selectFrom('leads')
      .select(['id', 'full_name', 'company_name', 'email', 'phone'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(1_000)
      .execute();
    if (page.length === 0) return;
    const rows = page.flatMap((lead) => leadSearchTerms(lead).map((term) => ({ term, lead_id: lead.id })));
    // SQLite takes at most 32,766 bound values per statement: 2 per row.
    for (let i = 0; i < rows.length; i += 16_000) {
      await leads
        .insertInto('lead_search_terms')
        .values(rows.slice(i, i + 16_000))
        .execute();
    }
    after = page.at(-1)?.id ?? after;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('lead_search_terms').execute();
  await db.schema.dropIndex('call_notifications_lead').execute();
  for (const index of ['leads_email', 'leads_source_created', 'leads_kind_created', 'leads_created']) {
    await db.schema.dropIndex(index).execute();
  }
  await db.schema.dropIndex('outbox_state_created').execute();
  await db.schema.dropIndex('outbox_delivery_id').execute();
  for (const column of ['retried_at', 'given_up_at', 'state']) {
    await db.schema.alterTable('outbox').dropColumn(column).execute();
  }
  await recreateSessions(db, ['client', 'analytics']);
}
