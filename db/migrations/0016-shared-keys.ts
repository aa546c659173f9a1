import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '#db/dialect.ts';

// A fingerprint of each key that instances sharing a PostgreSQL database must share (server/consent/shared-key.ts):
// the first instance writes its own, and one started with another key refuses to start rather than keep a list
// the others cannot read. One SQLite file has one server, with its key beside it: nothing to compare.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { text } = columnTypes(db);
  await db.schema
    .createTable('shared_keys')
    .addColumn('name', text, (c) => c.primaryKey())
    .addColumn('fingerprint', text, (c) => c.notNull())
    .addColumn('created_at', text, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('shared_keys').execute();
}
