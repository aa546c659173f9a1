import type { DB } from '#db/database.ts';
import { onOneInstance } from '#db/instance-lock.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';
import type { CallEvents } from './call-events.ts';
import type { CallStatusService } from './call-status-service.ts';

/** Runs `task` after `delayMs`; returns the function that cancels it. Tests pass their own. */
export type Schedule = (task: () => void, delayMs: number) => () => void;

export const timerSchedule: Schedule = (task, delayMs) => {
  const timer = setTimeout(task, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

/** Names the advisory lock that keeps the local call driver to one instance at a time (db/instance-lock.ts). */
export const LOCAL_CALL_DRIVER_LOCK = 'porchlight:local-call-driver';

/** How many due calls one sweep moves; more wait for the next sweep. */
const SWEEP_BATCH = 100;

/** How often the driver looks for due calls: a fraction of the delay, so a call is late by at most that. */
export function sweepIntervalMs(delayMs: number): number {
  return Math.max(250, Math.round(delayMs / 4));
}

/**
 * A call automation is there when leads reach it (LEAD_WEBHOOK_URL) and it can report back (HOOK_SECRET).
 * Without both, nothing would ever move a call past 'preparing', so the local driver stands in.
 * LEAD_WEBHOOK_SECRET plays no part: it only lets the receiver check our deliveries, which work unsigned.
 */
export function callAutomationConfigured(config: Config): boolean {
  return Boolean(config.secrets.leadWebhookUrl && config.secrets.hookSecret);
}

/**
 * Without call automation: moves each call that has been 'preparing' for `delayMs` to 'calling', through the
 * same `setStatus` the signed hook uses, so a fresh checkout shows the whole dialog.
 *
 * It works from the database, not from memory: a sweep every `sweepEveryMs` moves every due call, under an
 * advisory lock so that with several instances on one PostgreSQL database one sweeps at a time, and a call
 * accepted by an instance that died is moved by another. A new call on this instance also wakes a sweep when
 * it falls due, so the delay is what it says rather than up to one interval more.
 */
export function startLocalCallDriver({
  db,
  events,
  calls,
  clock,
  delayMs,
  logger,
  schedule = timerSchedule,
  sweepEveryMs = sweepIntervalMs(delayMs),
}: {
  db: DB;
  events: CallEvents;
  calls: Pick<CallStatusService, 'setStatus'>;
  clock: Clock;
  delayMs: number;
  logger: Logger;
  schedule?: Schedule;
  sweepEveryMs?: number;
}): { sweepNow(): Promise<void>; stop(): Promise<void> } {
  const log = logger.child({ subsystem: 'local-call-driver' });
  const pending = new Set<() => void>();
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  /** Schedules `task` once, forgetting its cancel function when it runs. */
  const later = (task: () => void, ms: number) => {
    let cancel: (() => void) | undefined;
    let ran = false;
    cancel = schedule(() => {
      ran = true;
      if (cancel) pending.delete(cancel);
      task();
    }, ms);
    if (!ran) pending.add(cancel);
  };

  async function moveDueCalls(): Promise<void> {
    const cutoff = new Date(clock().getTime() - delayMs).toISOString();
    const outcome = await onOneInstance(db, LOCAL_CALL_DRIVER_LOCK, async (own) => {
      const due = await own
        .selectFrom('call_notifications')
        .select('id')
        .where('status', '=', 'preparing')
        .where('created_at', '<=', cutoff)
        .orderBy('created_at')
        .limit(SWEEP_BATCH)
        .execute();
      for (const { id } of due) {
        if (stopped) break;
        const moved = await calls.setStatus(id, 'calling');
        log.debug({ callId: id, outcome: moved }, 'local call driver moved a call');
      }
      return due.length;
    });
    if (!outcome.ran) log.debug('the local call driver is running on another instance');
  }

  /** One sweep at a time on this instance; a wake during a sweep runs one more after it. */
  function sweep(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await moveDueCalls().catch((error: unknown) =>
          log.warn({ err: error }, 'local call driver could not move due calls'),
        );
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    void sweep().then(() => {
      if (!stopped) later(tick, sweepEveryMs);
    });
  };

  const unsubscribe = events.subscribe(({ status }) => {
    if (status === 'preparing' && !stopped) later(() => void sweep(), delayMs);
  });
  tick();

  return {
    /** Moves what is due now, without waiting for the schedule; resolves when the sweep is done. */
    sweepNow: sweep,
    /** Stops sweeping and waits for a sweep in progress, so the database can close after. */
    async stop() {
      stopped = true;
      unsubscribe();
      for (const cancel of pending) cancel();
      pending.clear();
      await running;
    },
  };
}
