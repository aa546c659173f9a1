import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import { isPostgres } from '#db/dialect.ts';

/** Another instance on the database keys the list differently; the message says what to do. */
export class SharedKeyMismatch extends Error {
  override name = 'SharedKeyMismatch';
}

/**
 * On PostgreSQL, holds this instance's key to the one the first instance on the database started with, by a
 * fingerprint (db/migrations/0016-shared-keys.ts): a key that differs would keep a do-not-contact list the other
 * instances cannot read, and a number one of them listed would be called by another. Throws SharedKeyMismatch.
 */
export async function checkSharedKey(db: DB, name: string, key: Buffer, now: Date): Promise<void> {
  if (!isPostgres(db)) return;
  // Keyed by the key itself: the fingerprint tells nothing of it.
  const fingerprint = crypto.createHmac('sha256', key).update(`porchlight fingerprint: ${name}`).digest('hex');
  await sql`insert into shared_keys (name, fingerprint, created_at) values (${name}, ${fingerprint}, ${now.toISOString()})
    on conflict (name) do nothing`.execute(db);
  const { rows } = await sql<{ fingerprint: string }>`select fingerprint from shared_keys where name = ${name}`.execute(
    db,
  );
  if (rows[0]?.fingerprint !== fingerprint) {
    throw new SharedKeyMismatch(
      `DO_NOT_CONTACT_KEY differs from the one the other instances on this database use: give every instance the ` +
        `same value (README "Several instances"). Started anyway, numbers one instance listed would be called by another.`,
    );
  }
}
