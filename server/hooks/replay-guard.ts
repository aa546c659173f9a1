import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Clock } from '#shared/clock.ts';

/**
 * Remembers the signatures of accepted hook requests until they would be refused as stale anyway, so that a
 * captured request cannot be sent again inside the timestamp window. Asynchronous so that a shared store
 * (several instances behind one load balancer) can stand in for the memory one without touching callers.
 */
export interface ReplayGuard {
  /**
   * True when `signature` was already presented and has not expired; otherwise it is remembered until
   * `expiresAt` and the answer is false. Looking and remembering are one step, so of two copies sent at
   * once only one passes.
   */
  seen(signature: string, expiresAt: Date): Promise<boolean>;
}

// Only correctly signed requests are remembered, so only holders of the key can fill it. One automation at
// 6000 requests a minute, each kept at most 600 s (a timestamp may run 300 s ahead), needs 60,000 entries.
export const DEFAULT_REPLAY_ENTRIES = 100_000;

/** One process's memory; when full, the oldest signature is forgotten first. */
export function memoryReplayGuard({
  clock,
  maxEntries = DEFAULT_REPLAY_ENTRIES,
}: {
  clock: Clock;
  maxEntries?: number;
}): ReplayGuard & { readonly size: number } {
  // Insertion order is close to expiry order (timestamps arrive roughly in order), so expired entries are
  // swept from the front; one that expires out of order is ignored on lookup and swept later.
  const expiries = new Map<string, number>();

  function sweep(now: number) {
    for (const [signature, expiresAt] of expiries) {
      if (expiresAt > now) return;
      expiries.delete(signature);
    }
  }

  return {
    get size() {
      return expiries.size;
    },
    async seen(signature, expiresAt) {
      const now = clock().getTime();
      sweep(now);
      const known = expiries.get(signature);
      if (known !== undefined && known > now) return true;
      expiries.delete(signature);
      expiries.set(signature, expiresAt.getTime());
      for (const oldest of expiries.keys()) {
        if (expiries.size <= maxEntries) break;
        expiries.delete(oldest);
      }
      return false;
    },
  };
}

// Expired signatures are deleted at most this often per instance; the index on expires_at keeps it cheap.
const CLEANUP_EVERY_MS = 60_000;

/**
 * PostgreSQL's hook_replays table, shared by every instance on the database, so a request accepted by one is
 * refused as a replay by all. Looking and remembering are one upsert: a new signature, or one whose entry has
 * expired, is written and returned; a live one is left alone and nothing comes back.
 */
export function postgresReplayGuard(db: DB, { clock }: { clock: Clock }): ReplayGuard {
  let cleanedAt: number | undefined;
  return {
    async seen(signature, expiresAt) {
      const now = clock();
      const { rows } = await sql<{ signature: string }>`
        insert into hook_replays (signature, expires_at) values (${signature}, ${expiresAt.toISOString()})
        on conflict (signature) do update set expires_at = excluded.expires_at
          where hook_replays.expires_at <= ${now.toISOString()}
        returning signature`.execute(db);
      cleanedAt ??= now.getTime();
      if (now.getTime() - cleanedAt >= CLEANUP_EVERY_MS) {
        cleanedAt = now.getTime();
        // Without holding up the request; a failure leaves them for the next time.
        sql`delete from hook_replays where expires_at <= ${now.toISOString()}`.execute(db).catch(() => undefined);
      }
      return rows.length === 0;
    },
  };
}
