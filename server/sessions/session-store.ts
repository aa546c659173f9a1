import crypto from 'node:crypto';
import type { DB } from '#db/database.ts';
import type { SessionRole } from '#db/tables/sessions.ts';

export interface Session {
  id: string;
  role: SessionRole;
  expiresAt: Date;
}

/**
 * What the table keeps instead of the id, so that a copy of the database opens no session. The ids are 32
 * random bytes, so a plain SHA-256 cannot be reversed by guessing and needs no salt or slow hash.
 */
export function sessionIdHash(id: string): string {
  return crypto.createHash('sha256').update(id, 'utf8').digest('hex');
}

/** Operator sessions. Times are ISO-8601 UTC text, compared as strings (db/migrations/0001-initial.ts). */
export function sessionStore(db: DB) {
  return {
    /** A new session with an unguessable id: 32 random bytes, base64url. Only its hash is stored. */
    async create(role: SessionRole, expiresAt: Date): Promise<Session> {
      const id = crypto.randomBytes(32).toString('base64url');
      await db
        .insertInto('sessions')
        .values({ id_hash: sessionIdHash(id), role, expires_at: expiresAt.toISOString() })
        .execute();
      return { id, role, expiresAt };
    },

    /** The live session with this id and role; an expired one is deleted and not returned. */
    async find(id: string, role: SessionRole, now: Date): Promise<Session | undefined> {
      const idHash = sessionIdHash(id);
      const row = await db
        .selectFrom('sessions')
        .select(['role', 'expires_at'])
        .where('id_hash', '=', idHash)
        .where('role', '=', role)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at <= now.toISOString()) {
        await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
        return undefined;
      }
      return { id, role: row.role, expiresAt: new Date(row.expires_at) };
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id_hash', '=', sessionIdHash(id)).execute();
    },

    pruneExpired: (now: Date) => pruneExpiredSessions(db, now),
  };
}

/** Deletes every expired session; returns how many. */
export async function pruneExpiredSessions(db: DB, now: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type SessionStore = ReturnType<typeof sessionStore>;
