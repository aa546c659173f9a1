import { type Kysely, sql } from 'kysely';

// Sessions were kept by their id, so a copy of the database handed over working sign-ins. The table now keeps
// only the SHA-256 of each id (server/sessions/session-store.ts). Open sessions end: operators sign in again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sessions`.execute(db);
  await db.schema.alterTable('sessions').renameColumn('id', 'id_hash').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from sessions`.execute(db);
  await db.schema.alterTable('sessions').renameColumn('id_hash', 'id').execute();
}
