import http from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { DELIVERY_HEADER, TOPIC_HEADER } from '#server/adapters/lead-webhook.ts';
import { createLogger } from '#server/logger.ts';
import { SIGNATURE_HEADER, signBody, TIMESTAMP_HEADER } from '#server/middleware/signed-webhook.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import { fakeThirdParties } from '../support/leads.ts';
import { manualClock } from '../support/manual-clock.ts';
import { createTestApp } from '../support/test-app.ts';

const T0 = '2026-03-02T18:00:00.000Z';
const WEBHOOK = 'https://automation.example/hooks/lead';
const SECRET = 'a-hook-secret-of-some-length';

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

async function setup(env: Record<string, string> = { LEAD_WEBHOOK_URL: WEBHOOK, HOOK_SECRET: SECRET }) {
  const time = manualClock(T0);
  const agent = fakeThirdParties();
  const ctx = await createTestApp(env, { clock: time.clock });
  open.push(ctx, { close: () => agent.close() });
  const webhook = fakeWebhook(agent);
  const worker = (logger = createLogger('silent')) =>
    createOutboxWorker({
      db: ctx.db,
      url: ctx.config.secrets.leadWebhookUrl,
      secret: ctx.config.secrets.hookSecret,
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

test('a webhook outage loses nothing: after recovery every queued payload is delivered exactly once', async () => {
  const ctx = await setup();
  // Leads are accepted while the webhook is down: a request never waits for it.
  await queueLeads(ctx.app);
  const queued = await ctx.outbox();
  expect(queued).toHaveLength(3);
  const worker = ctx.worker();

  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 3 });
  let rows = await ctx.outbox();
  for (const row of rows) {
    expect(row).toMatchObject({ attempts: 1, delivered_at: null, last_error: 'webhook answered 503' });
    // 5 s base, equal jitter at 0.5: 3.75 s.
    expect(row.next_attempt_at).toBe('2026-03-02T18:00:03.750Z');
  }
  // Nothing is due before the backoff runs out.
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.webhook.received).toHaveLength(3);

  ctx.time.advance(4_000);
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 3 });
  rows = await ctx.outbox();
  // Second failure: 10 s step, 7.5 s with the jitter.
  for (const row of rows) expect(row).toMatchObject({ attempts: 2, next_attempt_at: '2026-03-02T18:00:11.500Z' });

  ctx.webhook.up = true;
  ctx.time.advance(60_000);
  expect(await worker.runOnce()).toEqual({ delivered: 3, failed: 0 });
  rows = await ctx.outbox();
  for (const row of rows)
    expect(row).toMatchObject({ attempts: 3, last_error: null, delivered_at: '2026-03-02T18:01:04.000Z' });

  // A later run, and a restarted worker over the same database, send nothing again.
  ctx.time.advance(24 * 60 * 60_000);
  expect(await worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(await ctx.worker().runOnce()).toEqual({ delivered: 0, failed: 0 });

  const delivered = ctx.webhook.received.slice(6);
  expect(delivered.map((r) => r.body)).toEqual(queued.map((row) => row.payload));
  expect(delivered.map((r) => r.headers[DELIVERY_HEADER])).toEqual(queued.map((row) => String(row.id)));
  expect(delivered.map((r) => r.headers[TOPIC_HEADER])).toEqual(['lead.demo-call', 'lead.demo-call', 'lead.contact']);
  expect(ctx.webhook.received).toHaveLength(9);
});

test('each delivery is signed like our hooks, so the automation can check it came from us', async () => {
  const ctx = await setup();
  ctx.webhook.up = true;
  await queueLeads(ctx.app);
  await ctx.worker().runOnce();
  for (const { body, headers } of ctx.webhook.received) {
    expect(headers['content-type']).toBe('application/json');
    const timestamp = Number(headers[TIMESTAMP_HEADER]);
    expect(timestamp).toBe(Date.parse(T0) / 1000);
    expect(headers[SIGNATURE_HEADER]).toBe(signBody(SECRET, timestamp, body));
    const payload = JSON.parse(body);
    expect(payload.source_tag).toBe('website');
    expect(payload.calendar_link).toBe('https://cal.com/porchlight/demo-call');
  }
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
  for (let i = 0; i < 200 && webhook.received.length === 0; i++) await new Promise((r) => setImmediate(r));
  expect(webhook.received).toHaveLength(1);
  await worker.stop();
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  const row = await ctx.db.selectFrom('outbox').select('delivered_at').executeTakeFirstOrThrow();
  expect(row.delivered_at).toBe(T0);
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
