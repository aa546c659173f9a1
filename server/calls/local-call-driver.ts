import type { Config } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';
import type { CallEvents } from './call-events.ts';
import type { CallStatusService } from './call-status-service.ts';

/** Runs `task` after `delayMs`; returns the function that cancels it. Tests pass their own. */
export type Schedule = (task: () => void, delayMs: number) => () => void;

export const timerSchedule: Schedule = (task, delayMs) => {
  const timer = setTimeout(task, delayMs);
  return () => clearTimeout(timer);
};

/**
 * A call automation is there when leads reach it (LEAD_WEBHOOK_URL) and it can report back (HOOK_SECRET).
 * Without both, nothing would ever move a call past 'preparing', so the local driver stands in.
 * LEAD_WEBHOOK_SECRET plays no part: it only lets the receiver check our deliveries, which work unsigned.
 */
export function callAutomationConfigured(config: Config): boolean {
  return Boolean(config.secrets.leadWebhookUrl && config.secrets.hookSecret);
}

/**
 * Without call automation: moves each new call from 'preparing' to 'calling' after a delay, through the same
 * `setStatus` the signed hook uses, so a fresh checkout shows the whole dialog.
 */
export function startLocalCallDriver({
  events,
  calls,
  delayMs,
  logger,
  schedule = timerSchedule,
}: {
  events: CallEvents;
  calls: Pick<CallStatusService, 'setStatus'>;
  delayMs: number;
  logger: Logger;
  schedule?: Schedule;
}): { stop(): void } {
  const log = logger.child({ subsystem: 'local-call-driver' });
  const pending = new Set<() => void>();
  const unsubscribe = events.subscribe(({ callId, status }) => {
    if (status !== 'preparing') return;
    let ran = false;
    let cancel: (() => void) | undefined;
    cancel = schedule(() => {
      ran = true;
      if (cancel) pending.delete(cancel);
      calls.setStatus(callId, 'calling').then(
        (outcome) => log.debug({ callId, outcome }, 'local call driver moved a call'),
        (error: unknown) => log.warn({ err: error, callId }, 'local call driver could not move a call'),
      );
    }, delayMs);
    if (!ran) pending.add(cancel);
  });
  return {
    stop() {
      unsubscribe();
      for (const cancel of pending) cancel();
      pending.clear();
    },
  };
}
