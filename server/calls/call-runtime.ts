import type { Server } from 'socket.io';
import type { DB } from '#db/database.ts';
import type { Config } from '#server/config.ts';
import { describeLeadChecks } from '#server/leads/checks/lead-checks.ts';
import type { Logger } from '#server/logger.ts';
import type { ServerMetrics } from '#server/metrics/server-metrics.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import type { Clock } from '#shared/clock.ts';
import { type CallEvents, createCallEvents } from './call-events.ts';
import { bindCallRooms } from './call-rooms.ts';
import { callStatusService } from './call-status-service.ts';
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
  /** Starts the outbox worker and, without call automation, the local call driver; says which run and why. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * The background side of the lead and call flow: the outbox worker, the local call driver when no automation
 * is configured, and the Socket.IO call rooms. Built with the server, started when it listens.
 */
export function createCallRuntime({
  config,
  db,
  logger,
  clock,
  callEvents = createCallEvents((error) => logger.error({ err: error }, 'call event listener failed')),
  metrics,
}: {
  config: Config;
  db: DB;
  logger: Logger;
  clock: Clock;
  /** Where call status changes are published; tests pass one they listen to. */
  callEvents?: CallEvents;
  /** Where delivery attempts are counted. */
  metrics?: Pick<ServerMetrics, 'delivery'>;
}): CallRuntime {
  const calls = callStatusService({ db, events: callEvents, clock });

  const outbox = createOutboxWorker({
    db,
    url: config.secrets.leadWebhookUrl,
    secret: config.secrets.leadWebhookSecret,
    outbound: { timeoutMs: config.leads.outboundTimeoutMs },
    clock,
    logger,
    giveUpAfterMs: config.leads.webhookGiveUpHours * 3_600_000,
    onAttempt: metrics?.delivery,
  });
  let unbind: (() => void) | undefined;
  let driver: ReturnType<typeof startLocalCallDriver> | undefined;
  return {
    callEvents,
    onLeadQueued: () => outbox.notify(),
    onRetryRequested: () => outbox.retryNow(),
    bindSocket(io) {
      unbind = bindCallRooms(io, { calls, events: callEvents, logger, clock });
    },
    start() {
      outbox.start();
      if (config.secrets.leadWebhookUrl && !config.secrets.leadWebhookSecret) {
        logger.warn('LEAD_WEBHOOK_SECRET unset: lead deliveries to LEAD_WEBHOOK_URL are not signed');
      }

      const automated = callAutomationConfigured(config);
      driver = automated
        ? undefined
        : startLocalCallDriver({
            db,
            events: callEvents,
            calls,
            clock,
            delayMs: config.leads.localCallDelayMs,
            logger,
          });
      logger.info(
        { checks: describeLeadChecks(config), leadWebhook: Boolean(config.secrets.leadWebhookUrl) },
        automated
          ? 'call automation configured: demo calls move on when /api/hooks/call-status says so'
          : `no call automation configured (needs LEAD_WEBHOOK_URL and HOOK_SECRET): the local call driver moves demo calls to 'calling' after ${config.leads.localCallDelayMs} ms`,
      );
    },
    async stop() {
      await driver?.stop();
      unbind?.();
      await outbox.stop();
    },
  };
}
