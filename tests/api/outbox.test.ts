import http from 'node:http';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { DELIVERY_HEADER, TOPIC_HEADER } from '#server/adapters/lead-webhook.ts';
import { startCallRuntime } from '#server/calls/call-runtime.ts';
import { createLogger } from '#server/logger.ts';
import { checkSignature, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '#server/middleware/signed-webhook.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import { fakeThirdParties } from '../support/leads.ts';
import { manualClock } from '../support/manual-clock.ts';
import { createTestApp } from '../support/test-app.ts';

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
  // The runtime is started over the test app's own config and database, as server/index.ts does.
  const holder: { runtime?: ReturnType<typeof startCallRuntime> } = {};
  const ctx = await createTestApp(env, { clock: time.clock, onLeadQueued: () => holder.runtime?.onLeadQueued() });
  open.push(ctx);
  const runtime = startCallRuntime({
    config: ctx.config,
    db: ctx.db,
    logger: createLogger('silent'),
    clock: time.clock,
  });
  holder.runtime = runtime;
  open.push({ close: () => runtime.stop() });

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
  for (let i = 0; i < 200 && webhook.received.length === 0; i++) await new Promise((r) => setImmediate(r));
  expect(webhook.received).toHaveLength(1);
  await worker.stop();
  for (let i = 0; i < 50; i++) await new Promise((r) => setImmediate(r));
  const row = await ctx.db.selectFrom('outbox').select('delivered_at').executeTakeFirstOrThrow();
  expect(row.delivered_at).toBe(T0);
});
