import type { Server } from 'socket.io';
import type { DB } from '#db/database.ts';
import type { Clock } from '#shared/clock.ts';
import { describeLeadChecks } from '../adapters/lead-checks.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { createOutboxWorker } from '../outbox/outbox-worker.ts';
import { type CallEvents, createCallEvents } from './call-events.ts';
import { bindCallRooms } from './call-rooms.ts';
import { callStatusService } from './call-status.ts';
import { callAutomationConfigured, startLocalCallDriver } from './local-call-driver.ts';

export interface CallRuntime {
  /** Passed to createApp: the API publishes call status changes here. */
  callEvents: CallEvents;
  /** Passed to createApp: wakes the outbox worker after a lead commits. */
  onLeadQueued: () => void;
  /** Passed to createApp: an operator made deliveries due again (the worker probes at once). */
  onRetryRequested: () => void;
  /** Joins browsers to their call's room and pushes status changes there. */
  bindSocket(io: Server): void;
  stop(): Promise<void>;
}

/**
 * The background side of issue 6 for server/index.ts: outbox worker, local call driver when no automation is
 * configured, and the Socket.IO call rooms. Says at start-up which of them run and why.
 */
export function startCallRuntime({
  config,
  db,
  logger,
  clock,
}: {
  config: Config;
  db: DB;
  logger: Logger;
  clock: Clock;
}): CallRuntime {
  const callEvents = createCallEvents((error) => logger.error({ err: error }, 'call event listener failed'));
  const calls = callStatusService({ db, events: callEvents, clock });

  const outbox = createOutboxWorker({
    db,
    url: config.secrets.leadWebhookUrl,
    secret: config.secrets.leadWebhookSecret,
    outbound: { timeoutMs: config.leads.outboundTimeoutMs },
    clock,
    logger,
    giveUpAfterMs: config.leads.webhookGiveUpHours * 3_600_000,
  });
  outbox.start();
  if (config.secrets.leadWebhookUrl && !config.secrets.leadWebhookSecret) {
    logger.warn('LEAD_WEBHOOK_SECRET unset: lead deliveries to LEAD_WEBHOOK_URL are not signed');
  }

  const automated = callAutomationConfigured(config);
  const driver = automated
    ? undefined
    : startLocalCallDriver({ events: callEvents, calls, delayMs: config.leads.localCallDelayMs, logger });
  logger.info(
    { checks: describeLeadChecks(config), leadWebhook: Boolean(config.secrets.leadWebhookUrl) },
    automated
      ? 'call automation configured: demo calls move on when /api/hooks/call-status says so'
      : `no call automation configured (needs LEAD_WEBHOOK_URL and HOOK_SECRET): the local call driver moves demo calls to 'calling' after ${config.leads.localCallDelayMs} ms`,
  );

  let unbind: (() => void) | undefined;
  return {
    callEvents,
    onLeadQueued: () => outbox.notify(),
    onRetryRequested: () => outbox.retryNow(),
    bindSocket(io) {
      unbind = bindCallRooms(io, { calls, events: callEvents, logger, clock });
    },
    async stop() {
      driver?.stop();
      unbind?.();
      await outbox.stop();
    },
  };
}
