import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { createOutboxWorker, type OutboxWorker } from '#server/outbox/outbox-worker.ts';
import type { InboxPage } from '#shared/lead-inbox.ts';
import { seedLeads } from '#tests/support/inbox-leads.ts';
import { fakeThirdParties } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { cookieBrowser, SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Monday 2 March 2026, noon in San Antonio.
const T0 = '2026-03-02T18:00:00.000Z';
const HOUR = 3_600_000;
const WEBHOOK = 'https://automation.example/hooks/lead';
const GIVE_UP_HOURS = 72;

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The automation's webhook, down or up, counting what reaches it. */
function fakeWebhook(agent: MockAgent) {
  const state = { up: false, received: 0 };
  agent
    .get('https://automation.example')
    .intercept({ path: '/hooks/lead', method: 'POST' })
    .reply(() => {
      state.received++;
      return state.up ? { statusCode: 204 } : { statusCode: 503, data: 'maintenance' };
    })
    .persist();
  return state;
}

/** An app and an outbox worker over one database, the worker woken by the app as in the running server. */
async function setup(env: Record<string, string> = { LEAD_WEBHOOK_URL: WEBHOOK }) {
  const time = manualClock(T0);
  const agent = fakeThirdParties();
  const webhook = fakeWebhook(agent);
  const wakes = { retries: 0 };
  let worker: OutboxWorker | undefined;
  // Sessions outlast the days these tests move the clock through.
  const ctx = await createTestApp(
    { ...SIGN_IN_ENV, SESSION_TTL_HOURS: '720', ...env },
    {
      clock: time.clock,
      onRetryRequested: () => {
        wakes.retries++;
        worker?.retryNow();
      },
    },
  );
  open.push(ctx, { close: () => agent.close() });
  worker = createOutboxWorker({
    db: ctx.db,
    url: ctx.config.secrets.leadWebhookUrl,
    secret: undefined,
    outbound: { dispatcher: agent, timeoutMs: 1_000 },
    clock: time.clock,
    logger: createLogger('silent'),
    random: () => 0.5,
    // Far longer than any test: only notify() or retryNow() can explain a run of a started worker.
    pollMs: 60 * 60_000,
    giveUpAfterMs: GIVE_UP_HOURS * HOUR,
  });
  const started = worker;
  open.push({ close: () => started.stop() });
  const operator = await signedInAgent(ctx.app, 'operator');
  const outbox = () =>
    ctx.db
      .selectFrom('outbox')
      .select(['delivery_id', 'state', 'attempts', 'next_attempt_at', 'given_up_at', 'retried_at', 'delivered_at'])
      .orderBy('id')
      .execute();
  return { ...ctx, time, webhook, worker: started, wakes, operator, outbox };
}

async function queueDemo(app: Parameters<typeof request>[0], phone = '2102345678') {
  const res = await request(app)
    .post('/api/demo-calls')
    .send({ fullName: 'Jane Doe', phone, email: 'jane@example.com', consent: true });
  expect(res.status).toBe(201);
}

test(`a delivery that has not got through ${GIVE_UP_HOURS} hours after capture is given up and left alone`, async () => {
  const ctx = await setup();
  await queueDemo(ctx.app);
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
  expect((await ctx.outbox())[0]).toMatchObject({ state: 'retrying', attempts: 1, given_up_at: null });

  // Retried through the window, one probe an hour (the backoff never waits longer than 5 minutes).
  for (let hour = 1; hour < GIVE_UP_HOURS; hour++) {
    ctx.time.advance(HOUR);
    await ctx.worker.runOnce();
  }
  const [before] = await ctx.outbox();
  expect(before?.state).toBe('retrying');
  expect(before?.attempts).toBe(GIVE_UP_HOURS);

  ctx.time.set(new Date(Date.parse(T0) + GIVE_UP_HOURS * HOUR));
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  const [after] = await ctx.outbox();
  expect(after).toMatchObject({ state: 'given_up', given_up_at: '2026-03-05T18:00:00.000Z', delivered_at: null });

  // Nothing is sent for it any more, even once the receiver is back.
  const sent = ctx.webhook.received;
  ctx.webhook.up = true;
  ctx.time.advance(24 * HOUR);
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.webhook.received).toBe(sent);

  // The operator sees it given up, with its history.
  const page: InboxPage = (await ctx.operator.get('/api/leads?state=given_up')).body;
  expect(page.leads[0]?.delivery).toMatchObject({
    state: 'given_up',
    attempts: after?.attempts,
    lastError: 'webhook answered 503',
    givenUpAt: '2026-03-05T18:00:00.000Z',
  });
  expect((await ctx.operator.get('/api/leads/delivery')).body).toMatchObject({
    webhookConfigured: true,
    giveUpHours: GIVE_UP_HOURS,
    givenUp: 1,
    undelivered: 1,
    oldestUndeliveredAt: T0,
  });
});

test('retry now makes one lead due at once with a fresh window, keeps its history, and it is delivered', async () => {
  const ctx = await setup();
  const [givenUp = '', other = ''] = await seedLeads(ctx.db, [
    { createdAt: '2026-02-20T10:00:00.000Z', state: 'given_up', attempts: 40, givenUpAt: '2026-02-23T10:00:00.000Z' },
    { createdAt: '2026-02-21T10:00:00.000Z', state: 'given_up', attempts: 12 },
  ]);
  const res = await ctx.operator.post(`/api/leads/${givenUp}/retry`);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ retried: 1 });
  expect(ctx.wakes.retries).toBe(1);
  expect(await ctx.outbox()).toEqual([
    {
      delivery_id: givenUp,
      state: 'retrying',
      attempts: 40,
      next_attempt_at: T0,
      given_up_at: null,
      retried_at: T0,
      delivered_at: null,
    },
    expect.objectContaining({ delivery_id: other, state: 'given_up' }),
  ]);

  ctx.webhook.up = true;
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
  const [delivered] = await ctx.outbox();
  expect(delivered).toMatchObject({ state: 'delivered', delivered_at: T0, attempts: 41 });
  // Delivered: nothing left to retry.
  const again = await ctx.operator.post(`/api/leads/${givenUp}/retry`);
  expect(again.status).toBe(409);
  expect(again.body).toEqual({ error: 'This lead was delivered already: there is nothing to retry.' });
});

test('a retried lead is given up again only a whole window after the retry', async () => {
  const ctx = await setup();
  await queueDemo(ctx.app);
  ctx.time.set(new Date(Date.parse(T0) + 100 * HOUR));
  await ctx.worker.runOnce();
  expect((await ctx.outbox())[0]?.state).toBe('given_up');
  const [{ id } = { id: '' }] = (await ctx.operator.get('/api/leads')).body.leads;

  expect((await ctx.operator.post(`/api/leads/${id}/retry`)).status).toBe(200);
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
  ctx.time.advance((GIVE_UP_HOURS - 1) * HOUR);
  await ctx.worker.runOnce();
  expect((await ctx.outbox())[0]?.state).toBe('retrying');
  ctx.time.advance(HOUR);
  await ctx.worker.runOnce();
  expect((await ctx.outbox())[0]).toMatchObject({ state: 'given_up', retried_at: '2026-03-06T22:00:00.000Z' });
});

test('retry all given up makes every given-up delivery due, and nothing else', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-02-20T10:00:00.000Z', fullName: 'Gone One', state: 'given_up' },
    { createdAt: '2026-02-20T11:00:00.000Z', fullName: 'Gone Two', state: 'given_up', attempts: 0 },
    { createdAt: '2026-03-02T17:00:00.000Z', fullName: 'Still Trying', state: 'retrying' },
    { createdAt: '2026-02-20T12:00:00.000Z', fullName: 'Done', state: 'delivered' },
  ]);
  const res = await ctx.operator.post('/api/leads/retry-given-up');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ retried: 2 });
  expect(ctx.wakes.retries).toBe(1);
  const rows = await ctx.outbox();
  // A row that was never tried goes back to queued; the others are retrying.
  expect(rows.map((row) => [row.state, row.retried_at])).toEqual([
    ['retrying', T0],
    ['queued', T0],
    ['retrying', null],
    ['delivered', null],
  ]);
  // Nothing given up: nothing to do, and the worker is not woken for it.
  expect((await ctx.operator.post('/api/leads/retry-given-up')).body).toEqual({ retried: 0 });
  expect(ctx.wakes.retries).toBe(1);
});

test('retry now ends the wait of an outage: the worker probes the receiver at once', async () => {
  const ctx = await setup();
  ctx.worker.start();
  await ctx.worker.runOnce();
  await queueDemo(ctx.app);
  // Down: the failure opens the circuit, and the next probe is seconds away on the test's stopped clock.
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 1 });
  const [row] = await ctx.outbox();
  expect(Date.parse(row?.next_attempt_at ?? '')).toBeGreaterThan(Date.parse(T0));
  ctx.webhook.up = true;
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 0, failed: 0 });

  // The operator fixed the receiver and asks for a retry: the clock has not moved, the delivery goes now.
  const [{ id } = { id: '' }] = (await ctx.operator.get('/api/leads')).body.leads;
  expect((await ctx.operator.post(`/api/leads/${id}/retry`)).status).toBe(200);
  for (let i = 0; i < 500 && (await ctx.outbox())[0]?.state !== 'delivered'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  expect((await ctx.outbox())[0]).toMatchObject({ state: 'delivered', delivered_at: T0 });
});

test('leads older than the window when LEAD_WEBHOOK_URL is first set are given up, not sent', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-02-20T10:00:00.000Z', fullName: 'Old Queued' },
    { createdAt: '2026-03-02T10:00:00.000Z', fullName: 'New Queued' },
  ]);
  ctx.webhook.up = true;
  expect(await ctx.worker.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect((await ctx.outbox()).map((row) => [row.state, row.given_up_at])).toEqual([
    ['given_up', T0],
    ['delivered', null],
  ]);
  expect(ctx.webhook.received).toBe(1);
});

test('without LEAD_WEBHOOK_URL nothing is given up, and a retry says there is nowhere to deliver to', async () => {
  const ctx = await setup({});
  await queueDemo(ctx.app);
  ctx.time.advance(20 * 24 * HOUR);
  await ctx.worker.runOnce();
  expect((await ctx.outbox())[0]?.state).toBe('queued');
  const [{ id } = { id: '' }] = (await ctx.operator.get('/api/leads')).body.leads;
  for (const path of [`/api/leads/${id}/retry`, '/api/leads/retry-given-up']) {
    const res = await ctx.operator.post(path);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: 'LEAD_WEBHOOK_URL is not set on this server, so there is nowhere to deliver leads to.',
    });
  }
  expect(ctx.wakes.retries).toBe(0);
});

test('retries need the operator role, a lead that exists and this site as origin', async () => {
  const ctx = await setup();
  const [id = ''] = await seedLeads(ctx.db, [{ createdAt: T0, state: 'given_up' }]);
  const client = await signedInAgent(ctx.app, 'client');
  const analytics = await signedInAgent(ctx.app, 'analytics');
  for (const browser of [cookieBrowser(ctx.app), client, analytics]) {
    expect((await browser.post(`/api/leads/${id}/retry`)).status).toBe(401);
    expect((await browser.post('/api/leads/retry-given-up')).status).toBe(401);
  }
  for (const unknown of ['00000000-0000-4000-8000-000000000000', 'x'.repeat(65), '..%2F..%2Fetc']) {
    const res = await ctx.operator.post(`/api/leads/${unknown}/retry`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'There is no lead with this id.' });
  }
  const forged = await ctx.operator
    .post('/api/leads/retry-given-up')
    .set('Origin', 'https://evil.example')
    .set('Sec-Fetch-Site', 'cross-site');
  expect(forged.status).toBe(403);
  expect((await ctx.outbox())[0]?.state).toBe('given_up');
  expect(ctx.wakes.retries).toBe(0);
});
