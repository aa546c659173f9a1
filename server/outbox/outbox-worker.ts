import type { DB } from '#db/database.ts';
import type { Outbound } from '#server/http/outbound.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';
import { retryDelayMs } from './backoff.ts';
import { deliverWebhook, WebhookRejected } from './lead-webhook.ts';
import { type OutboxRow, outboxStore } from './outbox-store.ts';

export interface OutboxWorkerOptions {
  db: DB;
  /** LEAD_WEBHOOK_URL; without it (and without `send`) rows stay queued until one is configured. */
  url: string | undefined;
  /** LEAD_WEBHOOK_SECRET; signs each delivery when set, unsigned otherwise. */
  secret: string | undefined;
  outbound: Outbound;
  clock: Clock;
  logger: Logger;
  random?: () => number;
  /** How often due rows are looked for when nobody calls `notify()`. */
  pollMs?: number;
  /** Rows read from the table at a time. */
  batchSize?: number;
  /** Deliveries in flight at once, so one slow or hanging request does not hold the rest of the queue. */
  concurrency?: number;
  /**
   * LEAD_WEBHOOK_GIVE_UP_HOURS: a row not delivered this long after it was queued (or retried by an operator)
   * is given up, and waits in the lead inbox for a retry. Unset: never given up.
   */
  giveUpAfterMs?: number;
  /** Told how each delivery attempt ended (the metrics count them). */
  onAttempt?: (outcome: AttemptOutcome) => void;
  /** The rows this worker delivers, by topic; every row when unset. Each receiver has a worker of its own. */
  topics?: readonly string[];
  /**
   * Delivers one row to another receiver than the lead webhook (a call provider). Throws `WebhookRejected` when
   * the receiver refused the row, `GiveUpDelivery` when it must not be tried again, anything else when the
   * receiver is unavailable.
   */
  send?: (row: OutboxRow) => Promise<void>;
  /** Names the receiver in the log. */
  name?: string;
}

/** Thrown by a `send` when a row must not be tried again (what it asked for can no longer happen). */
export class GiveUpDelivery extends Error {
  override name = 'GiveUpDelivery';
}

/** A delivery attempt: through, refused by the receiver (a 4xx other than 408/429), or the receiver unavailable. */
export type AttemptOutcome = 'delivered' | 'rejected' | 'unavailable';

export interface RunResult {
  delivered: number;
  failed: number;
}

export interface OutboxWorker {
  /** Delivers what is due until nothing is, oldest first, several at once. Safe to call while a run is going. */
  runOnce(): Promise<RunResult>;
  /** Says a row was queued, so delivery starts without waiting for the next poll. Never blocks. */
  notify(): void;
  /**
   * An operator made rows due again: like `notify`, and while the receiver counts as unavailable the next
   * probe goes now instead of at its backoff time (the operator may just have fixed the receiver).
   */
  retryNow(): void;
  start(): void;
  /**
   * Stops polling and waits for the delivery in flight to finish and be recorded; the rest of a batch stays
   * queued for the next start, so shutdown is not held up by a whole batch of slow webhooks.
   */
  stop(): Promise<void>;
}

type Outcome = AttemptOutcome;

/** A row this worker holds a lease on, until `lease`. */
interface Claimed {
  row: OutboxRow;
  lease: Date;
}

export const DEFAULT_CONCURRENCY = 6;

/**
 * Every row's state lives in the outbox table (attempts, next_attempt_at, claimed_until, delivered_at), so a
 * restart resumes where it stopped; requests only insert rows and never wait for the webhook.
 *
 * The receiver is watched by a circuit breaker (README "Lead webhook"):
 * - closed: due rows are sent oldest first, `concurrency` at a time, until none is due;
 * - open: once the receiver is unavailable (no connection, a timeout, a 5xx, 408 or 429), nothing more is
 *   sent until the probe time, which backs off like a row's retries (capped at minutes); then only the oldest
 *   due row is sent, as a probe. A refused payload (another 4xx) is that row's failure and opens nothing;
 * - when a delivery gets through after failures, rows waiting out a backoff become due at once, and the queue
 *   drains in the same run.
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
  concurrency = DEFAULT_CONCURRENCY,
  giveUpAfterMs,
  onAttempt = () => {},
  topics,
  send,
  name = 'outbox',
}: OutboxWorkerOptions): OutboxWorker {
  const log = logger.child({ subsystem: name });
  const store = outboxStore(db, topics);
  const sendRow =
    send ??
    (url
      ? (row: OutboxRow) =>
          deliverWebhook(
            url,
            { id: row.delivery_id, topic: row.topic, body: row.payload },
            { outbound, secret, now: clock() },
          )
      : undefined);
  // A claimed row is skipped by others until the lease runs out: longer than one delivery can take.
  const leaseMs = outbound.timeoutMs * 2 + 1_000;
  // Consecutive unavailable answers; above 0 the circuit is open until `probeAt`.
  let outages = 0;
  let probeAt = 0;
  // False until a delivery gets through, and again after the receiver was unavailable: the next delivery that
  // gets through makes the rows waiting on a backoff due (also after a restart during an outage).
  let receiverAnswers = false;
  let running: Promise<RunResult> | undefined;
  let again = false;
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let saidUnconfigured = false;

  /** Leases up to `limit` due rows for this worker (outbox-store.ts); each is sent at once. */
  async function claimDue(limit: number): Promise<Claimed[]> {
    const now = clock();
    const lease = new Date(now.getTime() + leaseMs);
    const rows = await store.claimDue(now, lease, limit);
    return rows.map((row) => ({ row, lease }));
  }

  async function deliver({ row, lease }: Claimed, target: (row: OutboxRow) => Promise<void>): Promise<Outcome> {
    try {
      await target(row);
    } catch (error) {
      if (error instanceof GiveUpDelivery) {
        await store.giveUp(row, lease, error.message, clock());
        log.warn(
          { id: row.id, deliveryId: row.delivery_id, topic: row.topic, error: error.message },
          'delivery given up',
        );
        onAttempt('rejected');
        return 'rejected';
      }
      const failures = row.attempts + 1;
      const retryAt = new Date(clock().getTime() + retryDelayMs(failures, random));
      const message = error instanceof Error ? error.message : String(error);
      await store.failed(row, lease, message, retryAt);
      log.warn(
        { id: row.id, deliveryId: row.delivery_id, topic: row.topic, attempts: failures, retryAt, error: message },
        'webhook delivery failed',
      );
      const outcome = error instanceof WebhookRejected ? 'rejected' : 'unavailable';
      onAttempt(outcome);
      return outcome;
    }
    await store.delivered(row, clock());
    log.info({ id: row.id, deliveryId: row.delivery_id, topic: row.topic }, 'webhook delivered');
    onAttempt('delivered');
    return 'delivered';
  }

  function openCircuit(): void {
    outages++;
    receiverAnswers = false;
    probeAt = clock().getTime() + retryDelayMs(outages, random);
    log.warn({ outages, probeAt: new Date(probeAt) }, 'webhook receiver unavailable: holding the queue until a probe');
  }

  async function gotThrough(): Promise<void> {
    outages = 0;
    if (receiverAnswers) return;
    receiverAnswers = true;
    const released = await store.releaseRetries(clock());
    if (released) log.info({ released }, 'webhook receiver answers again: waiting rows are due now');
  }

  /** Sends due rows, up to `concurrency` at once, until none is due or the receiver turns unavailable. */
  async function drain(target: (row: OutboxRow) => Promise<void>, result: RunResult): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    const tried = new Set<number>();
    let failure: unknown;
    let queue: Claimed[] = [];
    let look = true;
    while (outages === 0 && failure === undefined && !stopping) {
      if (queue.length === 0 && look) {
        // Only as many rows as there are free slots are leased, so none waits leased while others are sent.
        // Rows in flight are leased, so the table no longer offers them; `tried` only guards against a row
        // that is offered again within one run (it failed, then a success made it due again): it goes back.
        const claimed = await claimDue(Math.min(batchSize, concurrency - inFlight.size));
        queue = [];
        for (const item of claimed) {
          if (tried.has(item.row.id)) await store.release(item.row, item.lease);
          else queue.push(item);
        }
        look = queue.length > 0;
      }
      const item = queue.shift();
      if (!item) {
        if (inFlight.size === 0) break;
        await Promise.race(inFlight);
        // A finished delivery may have made more rows due (a success releases waiting ones).
        look = true;
        continue;
      }
      tried.add(item.row.id);
      const job: Promise<void> = deliver(item, target)
        .then(async (outcome) => {
          count(result, outcome);
          if (outcome === 'delivered') await gotThrough();
          else if (outcome === 'unavailable' && outages === 0) openCircuit();
        })
        .catch((error: unknown) => {
          failure ??= error;
        })
        .finally(() => inFlight.delete(job));
      inFlight.add(job);
      if (inFlight.size >= concurrency) await Promise.race(inFlight);
    }
    // Stopping, or the receiver turned unavailable: the deliveries in flight finish and are recorded; rows
    // leased but not sent go back to the queue at once rather than when their lease runs out.
    for (const { row, lease } of queue) await store.release(row, lease);
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure;
  }

  async function deliverDue(): Promise<RunResult> {
    const result: RunResult = { delivered: 0, failed: 0 };
    const target = sendRow;
    if (!target) {
      if (!saidUnconfigured) log.info('LEAD_WEBHOOK_URL is not set: lead payloads stay queued in the outbox');
      saidUnconfigured = true;
      return result;
    }
    if (giveUpAfterMs !== undefined) {
      const givenUp = await store.giveUpStale(clock(), giveUpAfterMs);
      if (givenUp) log.warn({ givenUp, giveUpAfterMs }, 'gave up on lead deliveries: retry them from the lead inbox');
    }
    if (outages > 0) {
      // Half-open: one probe, the oldest due row; only a delivery that gets through closes the circuit.
      if (clock().getTime() < probeAt) return result;
      const [probe] = await claimDue(1);
      if (!probe) return result;
      const outcome = await deliver(probe, target);
      count(result, outcome);
      if (outcome !== 'delivered') {
        openCircuit();
        return result;
      }
      await gotThrough();
    }
    await drain(target, result);
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
    retryNow() {
      probeAt = 0;
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

function count(result: RunResult, outcome: Outcome): void {
  if (outcome === 'delivered') result.delivered++;
  else result.failed++;
}
