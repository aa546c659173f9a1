import type { Kysely } from 'kysely';
import { columnTypes, isPostgres } from '#db/dialect.ts';

// One row per open Socket.IO connection, so that the connections per client address are one count across
// instances (server/socket/socket-slots.ts). Each instance renews its own rows while it runs; the rows of one that died
// stop counting once they are stale. One SQLite server counts in its own memory, so on SQLite this does nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  const { text } = columnTypes(db);
  await db.schema
    .createTable('socket_slots')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('address', text, (c) => c.notNull())
    .addColumn('instance', text, (c) => c.notNull())
    // ISO-8601 UTC text, as every timestamp of the store.
    .addColumn('renewed_at', text, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('socket_slots_address').on('socket_slots').column('address').execute();
  await db.schema.createIndex('socket_slots_instance').on('socket_slots').column('instance').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropTable('socket_slots').execute();
}
