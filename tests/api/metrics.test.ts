import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { io as connect } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { appLoadOf } from '#tests/support/html.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// What an operator's Prometheus reads: the metrics listener of a running server, scraped over loopback, with
// the site used as visitors use it on its own port.

const T0 = '2026-03-02T18:00:00.000Z';
const DEMO = { fullName: 'Jane Doe', email: 'jane@example.com', phone: '2102345678', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The samples of one scrape, by series (`name{labels}` as exposed). */
type Samples = Map<string, number>;

function parse(text: string): Samples {
  const samples: Samples = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const space = line.lastIndexOf(' ');
    samples.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return samples;
}

/** The series of `prefix` whose value moved between two scrapes, with how much. */
function moved(before: Samples, after: Samples, prefix: string): Record<string, number> {
  const changes: Record<string, number> = {};
  for (const [series, value] of after) {
    if (!series.startsWith(prefix)) continue;
    const change = value - (before.get(series) ?? 0);
    if (change !== 0) changes[series] = change;
  }
  return changes;
}

async function startServer(env: Record<string, string> = {}) {
  const time = manualClock(T0);
  const ctx = await createTestApp(env, { clock: time.clock, metricsPort: 0, pages: await builtPages() });
  open.push(ctx);
  const base = await ctx.start();
  const address = ctx.server.metricsAddress();
  if (!address) throw new Error('no metrics listener');
  const metricsUrl = `http://${address.host}:${address.port}`;
  const scrape = async (): Promise<Samples> => {
    const res = await request(metricsUrl).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(res.text);
  };
  return { ...ctx, time, base, metricsUrl, scrape };
}

test('the scrape moves by exactly the requests made: an accepted demo call, a refused one, a page and an asset', async () => {
  const server = await startServer();
  const before = await server.scrape();

  expect((await request(server.base).post('/api/demo-calls').send(DEMO)).status).toBe(201);
  const refused = await request(server.base)
    .post('/api/demo-calls')
    .send({ ...DEMO, email: 'not an address' });
  expect(refused.status).toBe(400);
  const page = await request(server.base).get('/');
  expect(page.status).toBe(200);
  // A built asset, answered before Express by the hot path.
  const [script] = appLoadOf(page.text).modules;
  if (!script) throw new Error('no script on /');
  expect((await request(server.base).get(script)).status).toBe(200);

  const after = await server.scrape();
  expect(moved(before, after, 'porchlight_leads_')).toEqual({
    'porchlight_leads_accepted_total{form="demo_call"}': 1,
    'porchlight_leads_refused_total{form="demo_call",reason="validation"}': 1,
  });
  expect(moved(before, after, 'porchlight_http_requests_total')).toEqual({
    'porchlight_http_requests_total{group="lead_form",status="201"}': 1,
    'porchlight_http_requests_total{group="lead_form",status="400"}': 1,
    'porchlight_http_requests_total{group="page",status="200"}': 1,
    'porchlight_http_requests_total{group="asset",status="200"}': 1,
  });
  expect(moved(before, after, 'porchlight_http_request_duration_seconds_count')).toEqual({
    'porchlight_http_request_duration_seconds_count{group="lead_form"}': 2,
    'porchlight_http_request_duration_seconds_count{group="page"}': 1,
    'porchlight_http_request_duration_seconds_count{group="asset"}': 1,
  });
  // Every other refusal reason is there at 0, so that a rate over it exists before the first one.
  expect(after.get('porchlight_leads_refused_total{form="contact",reason="rate_limit"}')).toBe(0);
  // Process figures from prom-client: event-loop lag, memory, CPU.
  for (const name of [
    'nodejs_eventloop_lag_p99_seconds',
    'process_resident_memory_bytes',
    'process_cpu_seconds_total',
  ]) {
    expect(after.has(name)).toBe(true);
  }
});

test('each refusal is counted under its reason: honeypot, cooldown, the hourly limit', async () => {
  const server = await startServer({ DEMO_RATE_LIMIT_PER_HOUR: '2' });
  const before = await server.scrape();
  const post = (body: object) => request(server.base).post('/api/demo-calls').send(body);
  expect((await post(DEMO)).status).toBe(201);
  // The same number within 6 hours.
  expect((await post(DEMO)).status).toBe(429);
  // The third submission this hour from this address, before anything else is looked at.
  expect((await post({ ...DEMO, phone: '2103456789' })).status).toBe(429);
  // The contact form counts apart: a bot there.
  expect((await request(server.base).post('/api/contact').send({ website: 'https://spam.example' })).status).toBe(400);

  expect(moved(before, await server.scrape(), 'porchlight_leads_')).toEqual({
    'porchlight_leads_accepted_total{form="demo_call"}': 1,
    'porchlight_leads_refused_total{form="demo_call",reason="cooldown"}': 1,
    'porchlight_leads_refused_total{form="demo_call",reason="rate_limit"}': 1,
    'porchlight_leads_refused_total{form="contact",reason="honeypot"}': 1,
  });
});

test('/metrics is not served on the public port, and the metrics listener serves nothing else', async () => {
  const server = await startServer();
  const publicAnswer = await request(server.base).get('/metrics');
  expect(publicAnswer.status).toBe(404);
  expect(publicAnswer.text).not.toContain('porchlight_');
  expect((await request(server.metricsUrl).get('/')).status).toBe(404);
  expect((await request(server.metricsUrl).post('/metrics')).status).toBe(404);
  // Bound to loopback by default (METRICS_HOST).
  expect(server.server.metricsAddress()?.host).toBe('127.0.0.1');
});

test('without METRICS_PORT no metrics listener is opened', async () => {
  const ctx = await createTestApp({}, { pages: await builtPages() });
  open.push(ctx);
  await ctx.start();
  expect(ctx.server.metricsAddress()).toBeUndefined();
});

test('open Socket.IO connections are counted, and polling requests fall under socket_io', async () => {
  const server = await startServer();
  const before = await server.scrape();
  expect(before.get('porchlight_socket_connections')).toBe(0);
  // Refused handshakes, by reason, from the start (tests/api/socket-hardening.test.ts counts them).
  for (const reason of ['origin', 'too_many_connections', 'unknown_address', 'error']) {
    expect(before.get(`porchlight_socket_handshakes_refused_total{reason="${reason}"}`), reason).toBe(0);
  }
  // Polling first, as a browser does before it upgrades.
  const socket = connect(server.base, { forceNew: true, reconnection: false, transports: ['polling'] });
  open.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  const connected = await server.scrape();
  expect(connected.get('porchlight_socket_connections')).toBe(1);
  expect(connected.get('porchlight_http_requests_total{group="socket_io",status="200"}')).toBeGreaterThanOrEqual(1);
  socket.disconnect();
  await expect
    .poll(async () => (await server.scrape()).get('porchlight_socket_connections'), { timeout: 20_000 })
    .toBe(0);
});

/** The lead webhook's receiver on loopback, down (503) or up (204). */
async function fakeReceiver() {
  const state = { up: false };
  const receiver = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(state.up ? 204 : 503).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  open.push({ close: () => new Promise<void>((resolve) => receiver.close(() => resolve())) });
  return { state, url: `http://127.0.0.1:${port}/hooks/lead` };
}

const undelivered = (samples: Samples) =>
  ['queued', 'retrying', 'given_up'].reduce(
    (sum, state) => sum + (samples.get(`porchlight_outbox_undelivered{state="${state}"}`) ?? Number.NaN),
    0,
  );

test('the outbox depth and the oldest lead’s age show a delivery held up, and return to 0 once it is through', async () => {
  const receiver = await fakeReceiver();
  const server = await startServer({ LEAD_WEBHOOK_URL: receiver.url });
  const before = await server.scrape();
  expect(undelivered(before)).toBe(0);
  expect(before.get('porchlight_outbox_oldest_undelivered_age_seconds')).toBe(0);

  expect((await request(server.base).post('/api/demo-calls').send(DEMO)).status).toBe(201);
  // The worker tries at once and the receiver is down.
  await expect
    .poll(async () => (await server.scrape()).get('porchlight_outbox_deliveries_total{outcome="unavailable"}'), {
      timeout: 20_000,
    })
    .toBeGreaterThanOrEqual(1);
  server.time.advance(90_000);
  const held = await server.scrape();
  expect(undelivered(held)).toBe(1);
  expect(held.get('porchlight_outbox_undelivered{state="given_up"}')).toBe(0);
  expect(held.get('porchlight_outbox_oldest_undelivered_age_seconds')).toBe(90);
  expect(held.get('porchlight_outbox_deliveries_total{outcome="delivered"}')).toBe(0);

  // The receiver is back; past the backoff, the worker's next look delivers.
  receiver.state.up = true;
  server.time.advance(10 * 60_000);
  await expect.poll(async () => undelivered(await server.scrape()), { timeout: 30_000, interval: 250 }).toBe(0);
  const after = await server.scrape();
  expect(after.get('porchlight_outbox_oldest_undelivered_age_seconds')).toBe(0);
  expect(after.get('porchlight_outbox_deliveries_total{outcome="delivered"}')).toBe(1);
});

// Backups are the SQLite store's; PostgreSQL is backed up with its own tools (README "PostgreSQL").
test.skipIf(testPostgresUrl() !== undefined)(
  'a backup moves the backup metrics: one more success, its time, size and duration',
  async () => {
    const server = await startServer();
    const backups = server.server.backups;
    if (!backups) throw new Error('the test server owns its database, so it has a backup schedule');
    const before = await server.scrape();
    expect(before.get('porchlight_backups_total{result="success"}')).toBe(0);

    server.time.advance(60_000);
    const result = await backups.runNow();
    if (!result) throw new Error('the backup failed');
    const after = await server.scrape();
    expect(moved(before, after, 'porchlight_backups_total')).toEqual({
      'porchlight_backups_total{result="success"}': 1,
    });
    expect(after.get('porchlight_backup_last_success_timestamp_seconds')).toBe(Date.parse(T0) / 1000 + 60);
    expect(after.get('porchlight_backup_last_size_bytes')).toBe(fs.statSync(result.file).size);
    expect(after.get('porchlight_backup_last_duration_seconds')).toBe(result.ms / 1000);
    expect(after.get('porchlight_backup_failing')).toBe(0);
  },
);
