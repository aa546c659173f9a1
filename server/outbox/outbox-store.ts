import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { isPostgres } from '#db/dialect.ts';
import type { Database } from '#db/schema.ts';
import type { DeliveryState } from '#db/tables/outbox.ts';

export interface OutboxMessage {
  topic: string;
  /** What the receiver deduplicates on: the lead's id, the same on every retry and after a database move. */
  deliveryId: string;
  payload: unknown;
}

export interface OutboxRow {
  id: number;
  topic: string;
  delivery_id: string;
  payload: string;
  attempts: number;
}

/**
 * Queues a payload; called inside the transaction of what it tells of, so both commit or neither. It is due at
 * once, or not before `notBefore` (a call placed at its scheduled time): the row waits in the table, so the time
 * survives restarts.
 */
export async function enqueueOutbox(
  db: Kysely<Database>,
  message: OutboxMessage,
  now: Date,
  notBefore: Date = now,
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      topic: message.topic,
      delivery_id: message.deliveryId,
      payload: JSON.stringify(message.payload),
      next_attempt_at: notBefore.toISOString(),
      created_at: now.toISOString(),
    })
    .execute();
}

const COLUMNS = ['id', 'topic', 'delivery_id', 'payload', 'attempts'] as const;

/** No worker holds the row at `at`: it was never leased, or its lease has run out. */
function unleasedAt(at: string) {
  return (eb: ExpressionBuilder<Database, 'outbox'>) =>
    eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]);
}

/**
 * The worker's view of the table, or of the rows of `topics` when given (each receiver has its own worker). A
 * row is due when its retry time has come, no live lease holds it and the worker has not given up on it; each
 * claim is one conditional update, so two workers (or two deliveries of one worker) never send one row. Every
 * change keeps `state` in step (db/tables/outbox.ts).
 */
export function outboxStore(db: Kysely<Database>, topics?: readonly string[]) {
  const undelivered = () =>
    db
      .updateTable('outbox')
      .where('delivered_at', 'is', null)
      .$if(topics !== undefined, (qb) => qb.where('topic', 'in', topics ?? []));
  const waiting = () => undelivered().where('given_up_at', 'is', null);
  const dueAt = (at: string) =>
    db
      .selectFrom('outbox')
      .$if(topics !== undefined, (qb) => qb.where('topic', 'in', topics ?? []))
      .where('delivered_at', 'is', null)
      .where('given_up_at', 'is', null)
      .where('next_attempt_at', '<=', at)
      .where(unleasedAt(at));

  return {
    /** Due rows, oldest first. */
    due(now: Date, limit: number): Promise<OutboxRow[]> {
      return dueAt(now.toISOString()).select(COLUMNS).orderBy('id').limit(limit).execute();
    },

    /**
     * Leases up to `limit` due rows, oldest first, until `until`; returns those this worker now holds. On
     * PostgreSQL one statement picks and leases them, passing over rows another worker is leasing at that
     * moment (`for update skip locked`), so workers on several instances take different rows instead of
     * queueing on the same ones. SQLite has a single writer: it claims the due rows one by one.
     */
    async claimDue(now: Date, until: Date, limit: number): Promise<OutboxRow[]> {
      const at = now.toISOString();
      if (!isPostgres(db)) {
        const claimed: OutboxRow[] = [];
        for (const row of await this.due(now, limit)) if (await this.claim(row, now, until)) claimed.push(row);
        return claimed;
      }
      const picked = dueAt(at).select('id').orderBy('id').limit(limit).modifyEnd(sql`for update skip locked`);
      const rows = await db
        .updateTable('outbox')
        .set({ claimed_until: until.toISOString() })
        .where('id', 'in', picked)
        .returning(COLUMNS)
        .execute();
      return rows.sort((a, b) => a.id - b.id);
    },

    /** Gives a leased row back unsent (the worker is stopping, or tried it already in this run). */
    async release(row: OutboxRow, lease: Date): Promise<void> {
      await undelivered()
        .set({ claimed_until: null })
        .where('id', '=', row.id)
        .where('claimed_until', '=', lease.toISOString())
        .execute();
    },

    /** Leases the row until `until` if it is still due and unleased at `now`; false when another worker has it. */
    async claim(row: OutboxRow, now: Date, until: Date): Promise<boolean> {
      const at = now.toISOString();
      const result = await waiting()
        .set({ claimed_until: until.toISOString() })
        .where('id', '=', row.id)
        .where('next_attempt_at', '<=', at)
        .where(unleasedAt(at))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async delivered(row: OutboxRow, now: Date): Promise<void> {
      await undelivered()
        .set({
          delivered_at: now.toISOString(),
          attempts: row.attempts + 1,
          last_error: null,
          claimed_until: null,
          state: 'delivered',
          given_up_at: null,
        })
        .where('id', '=', row.id)
        .execute();
    },

    /** Records a failed attempt, unless the lease ran out and another worker has the row by now. */
    async failed(row: OutboxRow, lease: Date, error: string, retryAt: Date): Promise<void> {
      await undelivered()
        .set({
          attempts: row.attempts + 1,
          last_error: error.slice(0, 500),
          next_attempt_at: retryAt.toISOString(),
          claimed_until: null,
          state: 'retrying',
        })
        .where('id', '=', row.id)
        .where('claimed_until', '=', lease.toISOString())
        .execute();
    },

    /** Stops trying the row for good, with why: what it asked for can no longer happen. */
    async giveUp(row: OutboxRow, lease: Date, error: string, now: Date): Promise<void> {
      await undelivered()
        .set({
          attempts: row.attempts + 1,
          last_error: error.slice(0, 500),
          claimed_until: null,
          state: 'given_up',
          given_up_at: now.toISOString(),
        })
        .where('id', '=', row.id)
        .where('claimed_until', '=', lease.toISOString())
        .execute();
    },

    /**
     * The receiver answers again: rows waiting out a backoff become due now instead of each waiting up to the
     * backoff cap. Leased rows keep their lease (only `next_attempt_at` moves). Returns how many.
     */
    async releaseRetries(now: Date): Promise<number> {
      const at = now.toISOString();
      const result = await waiting()
        .set({ next_attempt_at: at })
        .where('attempts', '>', 0)
        .where('next_attempt_at', '>', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Gives up on rows not delivered within `windowMs` of being queued, or of an operator's last retry: the
     * worker leaves them alone until someone retries them. A row being sent keeps its lease and is left out.
     * Returns how many.
     */
    async giveUpStale(now: Date, windowMs: number): Promise<number> {
      const at = now.toISOString();
      const before = new Date(now.getTime() - windowMs).toISOString();
      const result = await waiting()
        .set({ state: 'given_up', given_up_at: at })
        .where('state', 'in', ['queued', 'retrying'])
        // A retry is always later than the queueing, so this narrows by the index before the exact test.
        .where('created_at', '<=', before)
        .where((eb) => eb(eb.fn.coalesce('retried_at', 'created_at'), '<=', before))
        .where(unleasedAt(at))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

/** Undelivered rows by state, and when the oldest of them was queued. */
export interface OutboxBacklog {
  queued: number;
  retrying: number;
  givenUp: number;
  /** Of every undelivered row, given up or not; null when there is none. */
  oldestCreatedAt: Date | null;
}

/**
 * What the metrics show of the outbox at each scrape: one grouped read of the (state, created_at) index over
 * the undelivered rows only, however many have been delivered.
 */
export async function outboxBacklog(db: Kysely<Database>, topics: readonly string[]): Promise<OutboxBacklog> {
  const rows = await db
    .selectFrom('outbox')
    .select((eb) => ['state', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('state', 'in', ['queued', 'retrying', 'given_up'])
    .where('topic', 'in', topics)
    .groupBy('state')
    .execute();
  const backlog: OutboxBacklog = { queued: 0, retrying: 0, givenUp: 0, oldestCreatedAt: null };
  for (const row of rows) {
    const count = Number(row.count);
    if (row.state === 'queued') backlog.queued = count;
    else if (row.state === 'retrying') backlog.retrying = count;
    else backlog.givenUp = count;
    const oldest = new Date(row.oldest);
    if (!backlog.oldestCreatedAt || oldest < backlog.oldestCreatedAt) backlog.oldestCreatedAt = oldest;
  }
  return backlog;
}

/**
 * An operator's "retry now": the undelivered rows chosen (one lead's, or every given-up one of `topics`) are due
 * at once and get a fresh give-up window. Attempts and the last error are kept as history. Returns how many.
 */
export async function retryOutbox(
  db: Kysely<Database>,
  which: { deliveryId: string } | 'given-up',
  now: Date,
  topics: readonly string[],
): Promise<number> {
  const at = now.toISOString();
  let update = db
    .updateTable('outbox')
    .set((eb) => ({
      next_attempt_at: at,
      given_up_at: null,
      retried_at: at,
      state: eb.case().when('attempts', '>', 0).then('retrying').else('queued').end().$castTo<DeliveryState>(),
    }))
    .where('delivered_at', 'is', null)
    .where('topic', 'in', topics);
  update =
    which === 'given-up' ? update.where('state', '=', 'given_up') : update.where('delivery_id', '=', which.deliveryId);
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
