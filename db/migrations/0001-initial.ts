import { type Kysely, sql } from 'kysely';
import { columnTypes, idColumn } from '#db/dialect.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { text, integer, real, now } = columnTypes(db);
  await db.schema
    .createTable('leads')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('kind', text, (c) => c.notNull().check(sql`kind in ('demo', 'contact')`))
    .addColumn('full_name', text, (c) => c.notNull())
    .addColumn('first_name', text)
    .addColumn('last_name', text)
    .addColumn('company_name', text)
    .addColumn('phone', text, (c) => c.notNull())
    .addColumn('email', text, (c) => c.notNull())
    .addColumn('consent', integer, (c) => c.notNull())
    .addColumn('timezone', text)
    .addColumn('scheduled', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('source_tag', text, (c) => c.notNull())
    .addColumn('calendar_link', text)
    .addColumn('ip_address', text)
    .addColumn('user_agent', text)
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('leads_phone_created').on('leads').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('call_notifications')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('lead_id', text, (c) => c.notNull().references('leads.id').onDelete('cascade'))
    .addColumn('phone_number', text, (c) => c.notNull())
    .addColumn('status', text, (c) => c.notNull().check(sql`status in ('preparing', 'calling', 'completed', 'failed')`))
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('call_notifications_phone_created')
    .on('call_notifications')
    .columns(['phone_number', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', integer, idColumn(db))
    .addColumn('topic', text, (c) => c.notNull())
    .addColumn('payload', text, (c) => c.notNull())
    .addColumn('attempts', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', text, (c) => c.notNull().defaultTo(now))
    .addColumn('delivered_at', text)
    .addColumn('last_error', text)
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('outbox_pending').on('outbox').columns(['delivered_at', 'next_attempt_at']).execute();

  await db.schema
    .createTable('visits')
    .addColumn('id', integer, idColumn(db))
    .addColumn('ip_address', text, (c) => c.notNull())
    .addColumn('timestamp', text, (c) => c.notNull())
    .addColumn('page_visited', text, (c) => c.notNull())
    .addColumn('country', text, (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('city', text, (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('region', text, (c) => c.notNull().defaultTo('Unknown'))
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('user_agent', text, (c) => c.notNull())
    .addColumn('referrer', text, (c) => c.notNull().defaultTo('direct'))
    .addColumn('is_return_visit', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('visit_duration', integer, (c) => c.notNull().defaultTo(0))
    .addColumn('source_tag', text)
    .addColumn('calendar_link', text)
    .execute();
  await db.schema.createIndex('visits_timestamp').on('visits').column('timestamp').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('role', text, (c) => c.notNull().check(sql`role in ('client', 'analytics')`))
    .addColumn('expires_at', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable('lead_volume')
    .addColumn('id', integer, idColumn(db))
    .addColumn('external_id', text, (c) => c.notNull().unique())
    .addColumn('received_at', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('lead_volume_received').on('lead_volume').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['lead_volume', 'sessions', 'visits', 'outbox', 'call_notifications', 'leads']) {
    await db.schema.dropTable(table).execute();
  }
}
