import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '#db/dialect.ts';

// What several instances on one PostgreSQL database share besides the store (README "PostgreSQL"): the
// per-address request counters (server/http/rate-limit-store.ts) and Socket.IO's adapter table, where it keeps
// broadcasts too big for a NOTIFY (its documented schema). One SQLite server keeps both in its own memory, so
// on SQLite this migration does nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { text, integer } = columnTypes(db);
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', text, (c) => c.primaryKey())
    .addColumn('hits', integer, (c) => c.notNull())
    // ISO-8601 UTC text, as every timestamp of the store: the window closes then and the count starts again.
    .addColumn('reset_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_reset_at').on('rate_limits').column('reset_at').execute();
  await sql`
    create table socket_io_attachments (
      id bigserial unique,
      created_at timestamptz default now(),
      payload bytea
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('socket_io_attachments').execute();
  await db.schema.dropTable('rate_limits').execute();
}
