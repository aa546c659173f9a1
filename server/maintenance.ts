import type { DB } from '#db/database.ts';
import type { Clock } from '#shared/clock.ts';
import type { Logger } from './logger.ts';
import { sessionStore } from './sessions/session-store.ts';
import { visitStore } from './visits/visit-store.ts';

export const MAINTENANCE_INTERVAL_MS = 86_400_000;

/** Retention: visits older than `retentionDays` and expired sessions are deleted. Returns what went. */
export async function pruneOldData(db: DB, now: Date, retentionDays: number) {
  const visits = await visitStore(db).prune(now, retentionDays);
  const sessions = await sessionStore(db).pruneExpired(now);
  return { visits, sessions };
}

/** Prunes once now and then daily; `stop()` on shutdown. A failed run is logged and retried next time. */
export function scheduleMaintenance({
  db,
  clock,
  logger,
  retentionDays,
}: {
  db: DB;
  clock: Clock;
  logger: Logger;
  retentionDays: number;
}) {
  const log = logger.child({ subsystem: 'maintenance' });
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = pruneOldData(db, clock(), retentionDays).then(
      (deleted) => {
        if (deleted.visits || deleted.sessions) log.info({ deleted, retentionDays }, 'pruned old visits and sessions');
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
