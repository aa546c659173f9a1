import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '#db/dialect.ts';

// The signatures of accepted hook requests, kept until they would be refused as stale anyway, so that a replay
// sent to another instance is refused too (server/hooks/replay-guard.ts). One SQLite server keeps them in
// its own memory, so on SQLite this migration does nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { text } = columnTypes(db);
  await db.schema
    .createTable('hook_replays')
    .addColumn('signature', text, (c) => c.primaryKey())
    // ISO-8601 UTC text, as every timestamp of the store.
    .addColumn('expires_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hook_replays_expires_at').on('hook_replays').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('hook_replays').execute();
}
