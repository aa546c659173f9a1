import crypto from 'node:crypto';
import type { DB } from '#db/database.ts';
import type { SessionRole } from '#db/tables/sessions.ts';

export interface Session {
  id: string;
  role: SessionRole;
  expiresAt: Date;
}

/** Operator sessions in SQLite. Times are ISO-8601 UTC text, compared as strings (db/migrations/0001). */
export function sessionStore(db: DB) {
  return {
    /** A new session with an unguessable id: 32 random bytes, base64url. */
    async create(role: SessionRole, expiresAt: Date): Promise<Session> {
      const id = crypto.randomBytes(32).toString('base64url');
      await db.insertInto('sessions').values({ id, role, expires_at: expiresAt.toISOString() }).execute();
      return { id, role, expiresAt };
    },

    /** The live session with this id and role; an expired one is deleted and not returned. */
    async find(id: string, role: SessionRole, now: Date): Promise<Session | undefined> {
      const row = await db
        .selectFrom('sessions')
        .select(['id', 'role', 'expires_at'])
        .where('id', '=', id)
        .where('role', '=', role)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.expires_at <= now.toISOString()) {
        await db.deleteFrom('sessions').where('id', '=', id).execute();
        return undefined;
      }
      return { id: row.id, role: row.role, expiresAt: new Date(row.expires_at) };
    },

    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },

    /** Deletes every expired session; returns how many. */
    async pruneExpired(now: Date): Promise<number> {
      const result = await db.deleteFrom('sessions').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SessionStore = ReturnType<typeof sessionStore>;
