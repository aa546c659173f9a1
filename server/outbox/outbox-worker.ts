import type { DB } from '#db/database.ts';
import type { Clock } from '#shared/clock.ts';
import type { Outbound } from '../adapters/http.ts';
import { deliverWebhook } from '../adapters/lead-webhook.ts';
import type { Logger } from '../logger.ts';
import { retryDelayMs } from './backoff.ts';
import { type OutboxRow, outboxStore } from './outbox-store.ts';

export interface OutboxWorkerOptions {
  db: DB;
  /** LEAD_WEBHOOK_URL; without it rows stay queued until one is configured. */
  url: string | undefined;
  /** HOOK_SECRET; signs each delivery when set. */
  secret: string | undefined;
  outbound: Outbound;
  clock: Clock;
  logger: Logger;
  random?: () => number;
  /** How often due rows are looked for when nobody calls `notify()`. */
  pollMs?: number;
  batchSize?: number;
}

export interface RunResult {
  delivered: number;
  failed: number;
}

export interface OutboxWorker {
  /** Delivers what is due now, one row at a time in queue order. Safe to call while a run is going. */
  runOnce(): Promise<RunResult>;
  /** Says a row was queued, so delivery starts without waiting for the next poll. Never blocks. */
  notify(): void;
  start(): void;
  /**
   * Stops polling and waits for the delivery in flight to finish and be recorded; the rest of a batch stays
   * queued for the next start, so shutdown is not held up by a whole batch of slow webhooks.
   */
  stop(): Promise<void>;
}

/**
 * Issue 6 "Outbox worker": every state lives in the outbox table (attempts, next_attempt_at, delivered_at), so
 * a restart resumes where it stopped; requests only insert rows and never wait for the webhook.
 */
export function createOutboxWorker({
  db,
  url,
  secret,
  outbound,
  clock,
  logger,
  random = Math.random,
  pollMs = 5_000,
  batchSize = 25,
}: OutboxWorkerOptions): OutboxWorker {
  const log = logger.child({ subsystem: 'outbox' });
  const store = outboxStore(db);
  // A claimed row is skipped by others until the lease runs out: longer than one delivery can take.
  const leaseMs = outbound.timeoutMs * 2 + 1_000;
  let running: Promise<RunResult> | undefined;
  let again = false;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let saidUnconfigured = false;

  async function deliver(row: OutboxRow, target: string): Promise<boolean> {
    if (!(await store.claim(row, new Date(clock().getTime() + leaseMs)))) return false;
    try {
      await deliverWebhook(
        target,
        { id: String(row.id), topic: row.topic, body: row.payload },
        { outbound, secret, now: clock() },
      );
    } catch (error) {
      const failures = row.attempts + 1;
      const retryAt = new Date(clock().getTime() + retryDelayMs(failures, random));
      const message = error instanceof Error ? error.message : String(error);
      await store.failed(row, message, retryAt);
      log.warn(
        { id: row.id, topic: row.topic, attempts: failures, retryAt, error: message },
        'webhook delivery failed',
      );
      return false;
    }
    await store.delivered(row, clock());
    log.info({ id: row.id, topic: row.topic }, 'webhook delivered');
    return true;
  }

  async function deliverDue(): Promise<RunResult> {
    const result: RunResult = { delivered: 0, failed: 0 };
    if (!url) {
      if (!saidUnconfigured) log.info('LEAD_WEBHOOK_URL is not set: lead payloads stay queued in the outbox');
      saidUnconfigured = true;
      return result;
    }
    for (const row of await store.due(clock(), batchSize)) {
      if (stopping) break;
      if (await deliver(row, url)) result.delivered++;
      else result.failed++;
    }
    return result;
  }

  function runOnce(): Promise<RunResult> {
    if (running) {
      again = true;
      return running;
    }
    running = deliverDue().finally(() => {
      running = undefined;
      if (again && started) {
        again = false;
        background();
      }
    });
    return running;
  }

  function background(): void {
    runOnce().catch((error: unknown) => log.error({ err: error }, 'outbox run failed'));
  }

  function schedule(): void {
    timer = setTimeout(() => {
      runOnce()
        .catch((error: unknown) => log.error({ err: error }, 'outbox run failed'))
        .finally(() => {
          if (started) schedule();
        });
    }, pollMs);
  }

  return {
    runOnce,
    notify() {
      if (started) setImmediate(background);
    },
    start() {
      if (started) return;
      started = true;
      stopping = false;
      background();
      schedule();
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
