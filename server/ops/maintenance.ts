import type { DB } from '#db/database.ts';
import { onOneInstance } from '#db/instance-lock.ts';
import { pruneLeads } from '#server/leads/lead-retention.ts';
import type { Logger } from '#server/logger.ts';
import { pruneExpiredSessions } from '#server/sessions/session-store.ts';
import { pruneVisits } from '#server/visits/visit-store.ts';
import type { Clock } from '#shared/clock.ts';

export const MAINTENANCE_INTERVAL_MS = 86_400_000;

/**
 * Retention: visits older than `retentionDays`, expired sessions and, given `leadRetentionDays`, leads older than
 * that (server/leads/lead-retention.ts) are deleted. Returns what went.
 */
export async function pruneOldData(db: DB, now: Date, retentionDays: number, leadRetentionDays?: number) {
  const visits = await pruneVisits(db, now, retentionDays);
  const sessions = await pruneExpiredSessions(db, now);
  const leads = leadRetentionDays === undefined ? undefined : await pruneLeads(db, now, leadRetentionDays);
  return { visits, sessions, leads: leads?.leads ?? 0, cooldowns: leads?.cooldowns ?? 0 };
}

/** Names the advisory lock that keeps retention to one instance at a time (db/instance-lock.ts). */
export const RETENTION_LOCK = 'porchlight:retention';

/**
 * Prunes once now and then daily; `stop()` on shutdown. A failed run is logged and retried next time. With
 * several instances on one PostgreSQL database, a run another instance is doing is skipped.
 */
export function scheduleMaintenance({
  db,
  clock,
  logger,
  retentionDays,
  leadRetentionDays,
}: {
  db: DB;
  clock: Clock;
  logger: Logger;
  retentionDays: number;
  /** LEADS_RETENTION_DAYS; unset keeps leads. */
  leadRetentionDays?: number;
}) {
  const log = logger.child({ subsystem: 'maintenance' });
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = onOneInstance(db, RETENTION_LOCK, (own) =>
      pruneOldData(own, clock(), retentionDays, leadRetentionDays),
    ).then(
      (outcome) => {
        if (!outcome.ran) {
          log.debug('retention is running on another instance');
          return;
        }
        const deleted = outcome.result;
        if (Object.values(deleted).some(Boolean)) {
          log.info({ deleted, retentionDays, leadRetentionDays }, 'pruned old visits, sessions and leads');
        }
      },
      (error: unknown) => log.error({ err: error }, 'pruning old data failed'),
    );
  };
  run();
  const timer = setInterval(run, MAINTENANCE_INTERVAL_MS);
  timer.unref();
  return {
    /** Stops the schedule and waits for a run in progress, so the database can close after. */
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
