import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import { Agent, type MockAgent } from 'undici';
import { afterEach, expect, test, vi } from 'vitest';
import { checkSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#server/hooks/signing.ts';
import { CONTACT_LEAD_TOPIC } from '#server/leads/lead-payloads.ts';
import { createLogger } from '#server/logger.ts';
import { RETRY_CAP_MS } from '#server/outbox/backoff.ts';
import { DELIVERY_HEADER, TOPIC_HEADER } from '#server/outbox/lead-webhook.ts';
import { enqueueOutbox } from '#server/outbox/outbox-store.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import { fakeThirdParties, UUID_V4 } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T18:00:00.000Z';
const WEBHOOK = 'https://automation.example/hooks/lead';
const HOOK_SECRET = 'a-hook-secret-of-some-length';
const LEAD_WEBHOOK_SECRET = 'the-lead-webhook-own-secret';
const SIGNED_ENV = { LEAD_WEBHOOK_URL: WEBHOOK, LEAD_WEBHOOK_SECRET, HOOK_SECRET };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

interface Received {
  body: string;
  headers: Record<string, string>;
}

/** The automation's webhook: down or up, recording every request that reaches it. */
function fakeWebhook(agent: MockAgent) {
  const state = { up: false, received: [] as Received[] };
  agent
    .get('https://automation.example')
    .intercept({ path: '/hooks/lead', method: 'POST' })
    .reply((req) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers ?? {})) headers[name.toLowerCase()] = String(value);
      state.received.push({ body: String(req.body), headers });
      return state.up ? { statusCode: 204 } : { statusCode: 503, data: 'maintenance' };
    })
    .persist();
  return state;
}

async function setup(env: Record<string, string> = SIGNED_ENV) {
  const time = manualClock(T0);
  const agent = fakeThirdParties();
  const ctx = await createTestApp(env, { clock: time.clock });
  open.push(ctx, { close: () => agent.close() });
  const webhook = fakeWebhook(agent);
  const worker = (logger = createLogger('silent')) =>
    createOutboxWorker({
      db: ctx.db,
      url: ctx.config.secrets.leadWebhookUrl,
      secret: ctx.config.secrets.leadWebhookSecret,
      outbound: { dispatcher: agent, timeoutMs: 1_000 },
      clock: time.clock,
      logger,
      random: () => 0.5,
    });
  const outbox = () => ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  return { ...ctx, time, agent, webhook, worker, outbox };
}

async function queueLeads(app: Awaited<ReturnType<typeof setup>>['app']) {
  const demo = { fullName: 'Jane Doe', email: 'jane@example.com', consent: true };
  expect(
    (
      await request(app)
        .post('/api/demo-calls')
        .send({ ...demo, phone: '2102345678' })
    ).status,
  ).toBe(201);
  expect(
    (
      await request(app)
        .post('/api/demo-calls')
        .send({ ...demo, phone: '2103456789' })
    ).status,
  ).toBe(201);
  const contact = {
    firstName: 'John',
    lastName: 'Roe',
    phoneNumber: '2107654321',
    companyName: 'Roe Homes',
    email: 'john@example.com',
  };
  expect((await request(app).post('/api/contact').send(contact)).status).toBe(201);
}

test('a webhook outage loses nothing: while it lasts one row probes, after recovery each payload goes once', async () => {
  const ctx = await setup();
  // Leads are accepted while the webhook is down: a request never waits for it.
  await queueLeads(ctx.app);
  const queued = await ctx.outbox();
  expect(queued).toHaveLength(3);
  const worker = ctx.worker();

  // The first run sends what is due at once; every row fails and backs off.
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 3 });
  let rows = await ctx.outbox();
  for (const row of rows) {
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'webhook answered 503' });
    // 5 s base, equal jitter at 0.5: 3.75 s.
    expect(row.next_attempt_at).toBe('2026-03-02T18:00:03.750Z');
  }
  // Nothing is sent before the backoff runs out.
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.webhook.received).toHaveLength(3);

  // The receiver is still failing: only the oldest due row is sent, as a probe; the others wait.
  ctx.time.advance(4_000);
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
  rows = await ctx.outbox();
  // The probe's second failure: 10 s step, 7.5 s with the jitter.
  expect(rows.map((row) => [row.attempts, row.next_attempt_at])).toEqual([
    [2, '2026-03-02T18:00:11.500Z'],
    [1, '2026-03-02T18:00:03.750Z'],
    [1, '2026-03-02T18:00:03.750Z'],
  ]);
  expect(ctx.webhook.received).toHaveLength(4);

  ctx.webhook.up = true;
  ctx.time.advance(60_000);
  expect(await worker.runOnce()).toEqual({ delivered: 3, failed: 0 });
  rows = await ctx.outbox();
  expect(rows.map((row) => row.attempts)).toEqual([3, 2, 2]);
  for (const row of rows) expect(row).toMatchObject({ last_error: null, delivered_at: '2026-03-02T18:01:04.000Z' });

  // A later run, and a restarted worker over the same database, send nothing again.
  ctx.time.advance(24 * 60 * 60_000);
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(await ctx.worker().runOnce()).toEqual({ delivered: 0, failed: 0 });

  // The oldest row probed and got through; the others followed at once. Each names its lead as the delivery.
  const delivered = ctx.webhook.received.slice(4);
  expect(delivered.map((r) => r.body)).toEqual(queued.map((row) => row.payload));
  const leadIds = queued.map((row) => JSON.parse(row.payload).leadId);
  expect(leadIds.every((id) => UUID_V4.test(id))).toBe(true);
  expect(delivered.map((r) => r.headers[DELIVERY_HEADER])).toEqual(leadIds);
  expect(delivered.map((r) => r.headers[TOPIC_HEADER])).toEqual(['lead.demo-call', 'lead.demo-call', 'lead.contact']);
  expect(ctx.webhook.received).toHaveLength(7);
});

/** The receiver's check of a delivery, over what it received at the webhook's path. */
function verifyDelivery(secret: string, { body, headers }: Received, path = '/hooks/lead') {
  const received = { timestamp: headers[TIMESTAMP_HEADER], signature: headers[SIGNATURE_HEADER] };
  return checkSignature(secret, { method: 'POST', path, body, ...received }, new Date(T0)).ok;
}

test('each delivery is signed with LEAD_WEBHOOK_SECRET, never with HOOK_SECRET, over POST, path and body', async () => {
  const ctx = await setup();
  ctx.webhook.up = true;
  await queueLeads(ctx.app);
  await ctx.worker().runOnce();
  expect(ctx.webhook.received).toHaveLength(3);
  for (const delivery of ctx.webhook.received) {
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers[TIMESTAMP_HEADER]).toBe(String(Date.parse(T0) / 1000));
    expect(verifyDelivery(LEAD_WEBHOOK_SECRET, delivery)).toBe(true);
    expect(verifyDelivery(HOOK_SECRET, delivery)).toBe(false);
    // Bound to the webhook's path: played to another path of the receiver, it does not verify.
    expect(verifyDelivery(LEAD_WEBHOOK_SECRET, delivery, '/hooks/other')).toBe(false);
    const payload = JSON.parse(delivery.body);
    expect(payload.source_tag).toBe('website');
    expect(payload.calendar_link).toBe('https://cal.com/porchlight/demo-call');
  }
});

test('without LEAD_WEBHOOK_SECRET deliveries are unsigned, even when HOOK_SECRET is set', async () => {
  const ctx = await setup({ LEAD_WEBHOOK_URL: WEBHOOK, HOOK_SECRET });
  ctx.webhook.up = true;
  await queueLeads(ctx.app);
  expect(await ctx.worker().runOnce()).toEqual({ delivered: 3, failed: 0 });
  for (const { headers } of ctx.webhook.received) {
    expect(headers[SIGNATURE_HEADER]).toBeUndefined();
    expect(headers[TIMESTAMP_HEADER]).toBeUndefined();
  }
});

test('the running server signs deliveries with LEAD_WEBHOOK_SECRET over the URL path, query left out', async () => {
  // The automation's webhook on loopback, reached through the same start-up code as `npm start` uses.
  const received: Received[] = [];
  let arrived = () => {};
  const delivered = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  let requestPath = '';
  const receiver = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      requestPath = req.url ?? '';
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = String(value);
      received.push({ body, headers });
      res.writeHead(204).end();
      arrived();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => receiver.close(() => resolve())) });
  const address = receiver.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}/catch/123/lead?token=abc`;

  const time = manualClock(T0);
  const env = { ...SIGNED_ENV, LEAD_WEBHOOK_URL: url };
  // The whole server, started as server/index.ts starts it: its outbox worker delivers what the API queues.
  const ctx = await createTestApp(env, { clock: time.clock });
  open.push(ctx);
  await ctx.start();

  const res = await request(ctx.app)
    .post('/api/demo-calls')
    .send({ fullName: 'Jane Doe', phone: '2102345678', email: 'jane@example.com', consent: true });
  expect(res.status).toBe(201);
  await delivered;
  expect(requestPath).toBe('/catch/123/lead?token=abc');
  const [delivery] = received;
  if (!delivery) throw new Error('nothing delivered');
  expect(verifyDelivery(LEAD_WEBHOOK_SECRET, delivery, '/catch/123/lead')).toBe(true);
  expect(verifyDelivery(HOOK_SECRET, delivery, '/catch/123/lead')).toBe(false);
  expect(verifyDelivery(LEAD_WEBHOOK_SECRET, delivery, '/catch/123/lead?token=abc')).toBe(false);
});

test('two workers running at once (two instances) still send each payload once', async () => {
  const ctx = await setup();
  ctx.webhook.up = true;
  await queueLeads(ctx.app);
  const results = await Promise.all([ctx.worker().runOnce(), ctx.worker().runOnce()]);
  expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(3);
  expect(ctx.webhook.received).toHaveLength(3);
  expect(new Set(ctx.webhook.received.map((r) => r.headers[DELIVERY_HEADER])).size).toBe(3);
});

test('a timeout counts as a failure and is retried', async () => {
  const time = manualClock(T0);
  const agent = fakeThirdParties();
  const ctx = await createTestApp({ LEAD_WEBHOOK_URL: WEBHOOK }, { clock: time.clock });
  open.push(ctx, { close: () => agent.close() });
  await queueLeads(ctx.app);
  // The fake answers later than the worker's deadline (a real, short wait: the deadline is undici's own timer).
  agent
    .get('https://automation.example')
    .intercept({ path: '/hooks/lead', method: 'POST' })
    .reply(204)
    .delay(200)
    .times(3);
  const worker = createOutboxWorker({
    db: ctx.db,
    url: WEBHOOK,
    secret: undefined,
    outbound: { dispatcher: agent, timeoutMs: 50 },
    clock: time.clock,
    logger: createLogger('silent'),
  });
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 3 });
  const rows = await ctx.db.selectFrom('outbox').select(['attempts', 'delivered_at']).execute();
  expect(rows).toEqual(Array.from({ length: 3 }, () => ({ attempts: 1, delivered_at: null })));
});

test('without LEAD_WEBHOOK_URL rows stay pending and the worker says so once', async () => {
  const ctx = await setup({});
  await queueLeads(ctx.app);
  const lines: string[] = [];
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const worker = ctx.worker(logger);
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(lines.filter((line) => line.includes('LEAD_WEBHOOK_URL is not set'))).toHaveLength(1);
  const rows = await ctx.outbox();
  expect(rows.map((row) => [row.attempts, row.delivered_at])).toEqual([
    [0, null],
    [0, null],
    [0, null],
  ]);
  expect(ctx.webhook.received).toEqual([]);
});

test('started, the worker delivers as soon as a lead is queued, and stops cleanly', async () => {
  const time = manualClock(T0);
  const agent = fakeThirdParties();
  const webhook = fakeWebhook(agent);
  webhook.up = true;
  let worker: ReturnType<typeof createOutboxWorker> | undefined;
  const ctx = await createTestApp(
    { LEAD_WEBHOOK_URL: WEBHOOK },
    { clock: time.clock, onLeadQueued: () => worker?.notify() },
  );
  open.push(ctx, { close: () => agent.close() });
  worker = createOutboxWorker({
    db: ctx.db,
    url: WEBHOOK,
    secret: undefined,
    outbound: { dispatcher: agent, timeoutMs: 1_000 },
    clock: time.clock,
    logger: createLogger('silent'),
    // Far longer than the test: only notify() can explain a delivery.
    pollMs: 60 * 60_000,
  });
  worker.start();
  open.push({ close: () => worker?.stop() });
  // start() runs once at once; let that empty run finish before queueing.
  await worker.runOnce();
  const res = await request(ctx.app)
    .post('/api/demo-calls')
    .send({ fullName: 'Jane Doe', phone: '2102345678', email: 'jane@example.com', consent: true });
  expect(res.status).toBe(201);
  // Polled in real time, however busy the machine: the worker's own clock never moves, so nothing but
  // notify() can have sent it.
  await vi.waitFor(() => expect(webhook.received).toHaveLength(1), { timeout: 30_000, interval: 10 });
  await worker.stop();
  await vi.waitFor(
    async () => {
      const row = await ctx.db.selectFrom('outbox').select('delivered_at').executeTakeFirstOrThrow();
      expect(row.delivered_at).toBe(T0);
    },
    { timeout: 15_000, interval: 10 },
  );
});

type ReceiverMode = 'up' | 'down' | 'error' | 'hang';

/**
 * The automation's webhook on a loopback port. `down` drops every connection, `error` answers 500, `hang`
 * never answers, and so do requests for the leads in `holding` until the test answers them. Only a 204 counts
 * as received, by the lead id in the payload (which must match the delivery header).
 */
async function loopbackReceiver() {
  const state = {
    mode: 'up' as ReceiverMode,
    holding: new Set<string>(),
    held: [] as { leadId: string; res: http.ServerResponse }[],
    accepted: new Map<string, number>(),
    requests: 0,
    open: 0,
    mostOpen: 0,
  };
  const server = http.createServer((req, res) => {
    state.requests++;
    state.open++;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    res.on('close', () => state.open--);
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const leadId = String(JSON.parse(body).leadId);
      if (req.headers[DELIVERY_HEADER] !== leadId) {
        res.writeHead(400).end('delivery id is not the lead id');
        return;
      }
      if (state.mode === 'error') {
        res.writeHead(500).end();
        return;
      }
      if (state.mode === 'hang' || state.holding.has(leadId)) {
        state.held.push({ leadId, res });
        return;
      }
      state.accepted.set(leadId, (state.accepted.get(leadId) ?? 0) + 1);
      res.writeHead(204).end();
    });
  });
  server.on('connection', (socket) => {
    if (state.mode === 'down') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent();
  open.push({
    close: async () => {
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
  return {
    state,
    url: `http://127.0.0.1:${port}/hooks/lead`,
    dispatcher,
    /** Answers the held requests, as a receiver that was only slow. */
    answerHeld() {
      for (const { leadId, res } of state.held.splice(0)) {
        if (res.destroyed) continue;
        state.accepted.set(leadId, (state.accepted.get(leadId) ?? 0) + 1);
        res.writeHead(204).end();
      }
    },
  };
}

/** Leads queued straight into the outbox, as the lead forms do; returns their ids, oldest first. */
async function queueDirect(db: Awaited<ReturnType<typeof createTestApp>>['db'], count: number, now: Date) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const leadId = crypto.randomUUID();
    ids.push(leadId);
    await enqueueOutbox(
      db,
      { topic: CONTACT_LEAD_TOPIC, deliveryId: leadId, payload: { type: 'contact', leadId } },
      now,
    );
  }
  return ids;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  // A bounded wait for real I/O on the loopback; generous for a busy machine.
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

async function loopbackSetup(options: { timeoutMs: number; concurrency?: number }) {
  const time = manualClock(T0);
  const ctx = await createTestApp({}, { clock: time.clock });
  open.push(ctx);
  const receiver = await loopbackReceiver();
  const worker = () =>
    createOutboxWorker({
      db: ctx.db,
      url: receiver.url,
      secret: undefined,
      outbound: { dispatcher: receiver.dispatcher, timeoutMs: options.timeoutMs },
      clock: time.clock,
      logger: createLogger('silent'),
      random: () => 0.5,
      concurrency: options.concurrency ?? 4,
    });
  const pending = async () =>
    Number(
      (
        await ctx.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delivered_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { ...ctx, time, receiver, worker, pending };
}

/**
 * Delivery is at least once: a request the receiver took but answered after the worker's deadline counts as
 * a failed attempt, and the lead is sent again (the receiver drops it by its delivery id). What must never
 * happen is a send after a recorded success, or two sends of one attempt: each copy received is one attempt.
 */
async function expectNoResendAfterSuccess(ctx: Awaited<ReturnType<typeof loopbackSetup>>) {
  const rows = await ctx.db.selectFrom('outbox').select(['delivery_id', 'attempts', 'delivered_at']).execute();
  const resent = rows.filter((row) => (ctx.receiver.state.accepted.get(row.delivery_id) ?? 0) > row.attempts);
  expect(resent).toEqual([]);
  expect(rows.every((row) => row.delivered_at !== null)).toBe(true);
}

test('a receiver that hangs on some deliveries does not hold up the others beyond the parallelism', async () => {
  // The deadline is far off: the held requests stay open for the whole test.
  const ctx = await loopbackSetup({ timeoutMs: 30_000, concurrency: 4 });
  const ids = await queueDirect(ctx.db, 23, new Date(T0));
  // The three oldest leads hang; with 4 in flight, one slot is left for the other 20.
  for (const id of ids.slice(0, 3)) ctx.receiver.state.holding.add(id);
  const run = ctx.worker().runOnce();
  await until(() => ctx.receiver.state.accepted.size === 20, 'the 20 others are received');
  expect(ctx.receiver.state.held.map((h) => h.leadId).sort()).toEqual(ids.slice(0, 3).sort());
  expect(ctx.receiver.state.mostOpen).toBeLessThanOrEqual(4);

  ctx.receiver.answerHeld();
  expect(await run).toEqual({ delivered: 23, failed: 0 });
  await expectNoResendAfterSuccess(ctx);
  expect(ctx.receiver.state.accepted.size).toBe(23);
});

test('100 leads queued through a long outage all go within one probe interval of recovery, each once', async () => {
  const ctx = await loopbackSetup({ timeoutMs: 5_000, concurrency: 6 });
  const ids = await queueDirect(ctx.db, 100, new Date(T0));
  const worker = ctx.worker();
  ctx.receiver.state.mode = 'error';
  // Two hours of outage, the worker polling every 30 s.
  for (let elapsed = 0; elapsed < 2 * 60 * 60_000; elapsed += 30_000) {
    await worker.runOnce();
    ctx.time.advance(30_000);
  }
  // A few requests at first, then one probe at a time: not every row on its own schedule.
  expect(ctx.receiver.state.requests).toBeLessThan(60);
  expect(await ctx.pending()).toBe(100);
  // No row waits longer than the cap: the oldest is due within 5 minutes.
  const waits = await ctx.db.selectFrom('outbox').select('next_attempt_at').execute();
  const cap = Date.parse(T0) + 2 * 60 * 60_000 + RETRY_CAP_MS;
  expect(waits.every((row) => Date.parse(row.next_attempt_at) <= cap)).toBe(true);

  ctx.receiver.state.mode = 'up';
  const recovered = ctx.time.clock().getTime();
  let drainedAt: number | undefined;
  for (let i = 0; i < 20 && drainedAt === undefined; i++) {
    const result = await worker.runOnce();
    if (result.delivered > 0) {
      // The probe got through: everything else followed in the same run.
      expect(result).toEqual({ delivered: 100, failed: 0 });
      drainedAt = ctx.time.clock().getTime();
    }
    ctx.time.advance(30_000);
  }
  expect(drainedAt).toBeDefined();
  expect((drainedAt ?? Number.POSITIVE_INFINITY) - recovered).toBeLessThanOrEqual(RETRY_CAP_MS);
  expect(await ctx.pending()).toBe(0);
  expect([...ctx.receiver.state.accepted.keys()].sort()).toEqual([...ids].sort());
  await expectNoResendAfterSuccess(ctx);
});

test.each<[string, ReceiverMode]>([
  ['drops connections', 'down'],
  ['answers 500', 'error'],
  ['hangs', 'hang'],
])('every lead is received exactly once when the receiver %s for a while and then recovers', async (_, mode) => {
  // A short real deadline, so that hanging requests time out within the test.
  const ctx = await loopbackSetup({ timeoutMs: 300, concurrency: 4 });
  const ids = await queueDirect(ctx.db, 20, new Date(T0));
  const worker = ctx.worker();
  ctx.receiver.state.mode = mode;
  for (let i = 0; i < 6; i++) {
    await worker.runOnce();
    ctx.time.advance(20_000);
  }
  expect(ctx.receiver.state.accepted.size).toBe(0);
  expect(await ctx.pending()).toBe(20);

  ctx.receiver.state.mode = 'up';
  for (let i = 0; i < 30 && (await ctx.pending()) > 0; i++) {
    await worker.runOnce();
    ctx.time.advance(20_000);
  }
  expect(await ctx.pending()).toBe(0);
  expect([...ctx.receiver.state.accepted.keys()].sort()).toEqual([...ids].sort());
  await expectNoResendAfterSuccess(ctx);
});

test('three workers delivering in parallel never send one row twice', async () => {
  const ctx = await loopbackSetup({ timeoutMs: 5_000, concurrency: 4 });
  const ids = await queueDirect(ctx.db, 60, new Date(T0));
  const results = await Promise.all([ctx.worker().runOnce(), ctx.worker().runOnce(), ctx.worker().runOnce()]);
  expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(60);
  expect(ctx.receiver.state.requests).toBe(60);
  expect([...ctx.receiver.state.accepted.keys()].sort()).toEqual([...ids].sort());
  await expectNoResendAfterSuccess(ctx);
});

test('stop() lets the delivery in flight finish and be recorded, and leaves the rest of the batch queued', async () => {
  // A webhook on loopback that holds each request until the test lets it go.
  const held: http.ServerResponse[] = [];
  const arrived: (() => void)[] = [];
  const hook = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      held.push(res);
      arrived.shift()?.();
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => hook.close(() => resolve())) });
  const address = hook.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks/lead`;

  const ctx = await setup({ LEAD_WEBHOOK_URL: url });
  await queueLeads(ctx.app);
  const worker = createOutboxWorker({
    db: ctx.db,
    url,
    secret: undefined,
    outbound: { timeoutMs: 10_000 },
    clock: ctx.time.clock,
    logger: createLogger('silent'),
    // One at a time, so that a batch has rows still waiting when stop() comes.
    concurrency: 1,
  });
  const first = new Promise<void>((resolve) => arrived.push(resolve));
  const run = worker.runOnce();
  await first;
  const stopped = worker.stop();
  held[0]?.writeHead(204).end();
  await stopped;
  await run;

  expect(held).toHaveLength(1);
  const rows = await ctx.outbox();
  expect(rows.map((row) => [row.attempts, row.delivered_at])).toEqual([
    [1, T0],
    [0, null],
    [0, null],
  ]);
});
