import http from 'node:http';
import SQLite from 'better-sqlite3';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { bindCallRooms } from '#server/calls/call-rooms.ts';
import { callAutomationConfigured, startLocalCallDriver } from '#server/calls/local-call-driver.ts';
import { loadConfig } from '#server/config.ts';
import { signedHeaders } from '#server/hooks/signing.ts';
import { createLogger } from '#server/logger.ts';
import {
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  type CallJoinAck,
  type CallStatusEvent,
} from '#shared/call-status-protocol.ts';
import type { Clock } from '#shared/clock.ts';
import { recordCallEvents } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { manualSchedule } from '#tests/support/manual-schedule.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

const T0 = '2026-03-02T18:00:00.000Z';
const SECRET = 'a-hook-secret-of-some-length';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup(env: Record<string, string> = { HOOK_SECRET: SECRET }) {
  const time = manualClock(T0);
  const ctx = await createTestApp(env, { clock: time.clock });
  open.push(ctx);
  const events = recordCallEvents(ctx.callEvents);
  const created = await request(ctx.app).post('/api/demo-calls').send(form);
  expect(created.body.status).toBe('preparing');
  const callId: string = created.body.callId;
  const hook = (body: unknown, { secret = SECRET, at = time.clock() } = {}) => {
    const raw = JSON.stringify(body);
    return request(ctx.app)
      .post('/api/hooks/call-status')
      .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/call-status', body: raw }, at))
      .send(raw);
  };
  const status = async () =>
    (await ctx.db.selectFrom('call_notifications').select('status').where('id', '=', callId).executeTakeFirstOrThrow())
      .status;
  return { ...ctx, time, events, callId, hook, status };
}

test('a signed hook moves the call to calling and pushes it to the call’s room after commit', async () => {
  const ctx = await setup();
  ctx.time.advance(3_000);
  const res = await ctx.hook({ callId: ctx.callId, status: 'calling' });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ callId: ctx.callId, status: 'calling', changed: true });
  expect(await ctx.status()).toBe('calling');
  const row = await ctx.db.selectFrom('call_notifications').selectAll().executeTakeFirstOrThrow();
  expect(row.updated_at).toBe('2026-03-02T18:00:03.000Z');
  expect(ctx.events).toEqual([
    expect.objectContaining({ callId: ctx.callId, status: 'preparing', state: 'preparing' }),
    expect.objectContaining({ callId: ctx.callId, status: 'calling', state: 'ringing' }),
  ]);
});

// A listener can only read synchronously through a second SQLite connection; PostgreSQL shares the code path.
test.skipIf(testPostgresUrl() !== undefined)('the event is published only once the row is committed', async () => {
  const ctx = await setup();
  // A second connection sees only committed data (WAL), and better-sqlite3 reads synchronously in the listener.
  const reader = new SQLite(ctx.config.databaseFile, { readonly: true });
  open.push({ close: () => void reader.close() });
  const statusSeen: unknown[] = [];
  ctx.callEvents.subscribe(({ event }) => {
    statusSeen.push(reader.prepare('select status from call_notifications where id = ?').pluck().get(event.callId));
  });
  await ctx.hook({ callId: ctx.callId, status: 'calling' });
  expect(statusSeen).toEqual(['calling']);
});

test('calling, then completed; a repeat is idempotent; a finished call cannot move back', async () => {
  const ctx = await setup();
  expect((await ctx.hook({ callId: ctx.callId, status: 'calling' })).status).toBe(200);
  // A repeat is signed afresh (a second later): the very same signed request would be a replay.
  ctx.time.advance(1_000);
  const repeat = await ctx.hook({ callId: ctx.callId, status: 'calling' });
  expect(repeat.status).toBe(200);
  expect(repeat.body.changed).toBe(false);
  expect((await ctx.hook({ callId: ctx.callId, status: 'completed' })).status).toBe(200);
  const late = await ctx.hook({ callId: ctx.callId, status: 'failed' });
  expect(late.status).toBe(409);
  expect(late.body.status).toBe('completed');
  expect(await ctx.status()).toBe('completed');
  expect(ctx.events.map((e) => e.status)).toEqual(['preparing', 'calling', 'completed']);
});

test('a call may fail straight from preparing', async () => {
  const ctx = await setup();
  expect((await ctx.hook({ callId: ctx.callId, status: 'failed' })).status).toBe(200);
  expect(await ctx.status()).toBe('failed');
});

test('a bad signature is 401 and changes nothing', async () => {
  const ctx = await setup();
  const res = await ctx.hook({ callId: ctx.callId, status: 'calling' }, { secret: 'not-the-secret-at-all' });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: 'Bad signature.' });
  expect(await ctx.status()).toBe('preparing');
  expect(ctx.events).toHaveLength(1);
});

test('a stale signature is 401, however correct', async () => {
  const ctx = await setup();
  const sixMinutesAgo = new Date(ctx.time.clock().getTime() - 6 * 60_000);
  const res = await ctx.hook({ callId: ctx.callId, status: 'calling' }, { at: sixMinutesAgo });
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: "Stale x-porchlight-timestamp: more than 300 s away from the server's clock." });
  expect(await ctx.status()).toBe('preparing');
});

test('a body changed after signing is 401', async () => {
  const ctx = await setup();
  const signed = JSON.stringify({ callId: ctx.callId, status: 'failed' });
  const res = await request(ctx.app)
    .post('/api/hooks/call-status')
    .set(signedHeaders(SECRET, { method: 'POST', path: '/api/hooks/call-status', body: signed }, ctx.time.clock()))
    .send(JSON.stringify({ callId: ctx.callId, status: 'calling' }));
  expect(res.status).toBe(401);
});

test('an unsigned hook is 401, and hooks are off (503) without HOOK_SECRET', async () => {
  const ctx = await setup();
  const unsigned = await request(ctx.app)
    .post('/api/hooks/call-status')
    .send({ callId: ctx.callId, status: 'calling' });
  expect(unsigned.status).toBe(401);
  const off = await setup({});
  expect((await off.hook({ callId: off.callId, status: 'calling' })).status).toBe(503);
});

test('a signed hook with a bad body is 400, an unknown call 404', async () => {
  const ctx = await setup();
  expect((await ctx.hook({ callId: ctx.callId, status: 'preparing' })).status).toBe(400);
  expect((await ctx.hook({ callId: 'not-an-id', status: 'calling' })).status).toBe(400);
  expect((await ctx.hook({ status: 'calling' })).status).toBe(400);
  const unknown = await ctx.hook({ callId: crypto.randomUUID(), status: 'calling' });
  expect(unknown.status).toBe(404);
  const raw = '{"callId":';
  const malformed = await request(ctx.app)
    .post('/api/hooks/call-status')
    .set(signedHeaders(SECRET, { method: 'POST', path: '/api/hooks/call-status', body: raw }, ctx.time.clock()))
    .send(raw);
  expect(malformed.status).toBe(400);
});

// --- Socket.IO rooms, on a loopback port ---

async function socketServer(ctx: Awaited<ReturnType<typeof setup>>) {
  const server = http.createServer();
  const io = new Server(server, { serveClient: false });
  const unbind = bindCallRooms(io, {
    calls: ctx.server.context.conversation,
    events: ctx.callEvents,
    logger: createLogger('silent'),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        unbind();
        io.close(() => resolve());
      }),
  });
  return { url: `http://127.0.0.1:${address.port}` };
}

async function browser(url: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  open.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const join = (socket: Socket, callId: unknown) =>
  new Promise<CallJoinAck>((resolve) => socket.emit(CALL_JOIN_EVENT, callId, resolve));
const nextStatus = (socket: Socket) =>
  new Promise<CallStatusEvent>((resolve) => socket.once(CALL_STATUS_EVENT, resolve));

test('a browser that joins its call hears its status; another browser hears nothing', async () => {
  const ctx = await setup();
  const { url } = await socketServer(ctx);
  const mine = await browser(url);
  const other = await browser(url);
  expect(await join(mine, ctx.callId)).toMatchObject({ callId: ctx.callId, status: 'preparing', state: 'preparing' });

  const otherHeard: CallStatusEvent[] = [];
  other.on(CALL_STATUS_EVENT, (event: CallStatusEvent) => otherHeard.push(event));
  const heard = nextStatus(mine);
  await ctx.hook({ callId: ctx.callId, status: 'calling' });
  expect(await heard).toMatchObject({ callId: ctx.callId, status: 'calling', state: 'ringing', outcome: null });
  // A round trip on the other socket, so anything sent to it has arrived.
  await join(other, crypto.randomUUID());
  expect(otherHeard).toEqual([]);
});

test('a browser that reconnects recovers the current status from the join answer', async () => {
  const ctx = await setup();
  const { url } = await socketServer(ctx);
  await ctx.hook({ callId: ctx.callId, status: 'calling' });
  const late = await browser(url);
  expect(await join(late, ctx.callId)).toMatchObject({ callId: ctx.callId, status: 'calling', state: 'ringing' });
});

test('unknown or malformed call ids are not joined', async () => {
  const ctx = await setup();
  const { url } = await socketServer(ctx);
  const socket = await browser(url);
  expect(await join(socket, crypto.randomUUID())).toEqual({ error: 'Unknown call' });
  expect(await join(socket, '../../etc')).toEqual({ error: 'Unknown call' });
  expect(await join(socket, { $ne: null })).toEqual({ error: 'Unknown call' });
});

// --- Local call driver ---

/** Polls until `condition` holds; generous, since on PostgreSQL each check is a round trip to a busy server. */
async function until(condition: () => Promise<boolean>) {
  await vi.waitFor(async () => expect(await condition()).toBe(true), { timeout: 30_000, interval: 5 });
}

async function startDriver(ctx: TestApp, clock: Clock, delayMs: number) {
  const timer = manualSchedule();
  const driver = startLocalCallDriver({
    db: ctx.db,
    events: ctx.callEvents,
    report: ctx.server.context.reportCall,
    conversation: ctx.server.context.conversation,
    clock,
    delayMs,
    logger: createLogger('silent'),
    schedule: timer.schedule,
  });
  open.push({ close: () => driver.stop() });
  // The first sweep runs at start; once it is done, the next is scheduled.
  await until(async () => timer.tasks.length > 0);
  return { driver, timer };
}

function statusOf(ctx: TestApp, callId: string) {
  return ctx.db
    .selectFrom('call_notifications')
    .select('status')
    .where('id', '=', callId)
    .executeTakeFirstOrThrow()
    .then((row) => row.status);
}

test('without automation the local driver moves a new call to calling after the delay, through the hook’s code path', async () => {
  const time = manualClock(T0);
  const ctx = await createTestApp({}, { clock: time.clock });
  open.push(ctx);
  const delayMs = ctx.config.leads.localCallDelayMs;
  const { driver, timer } = await startDriver(ctx, time.clock, delayMs);
  const events = recordCallEvents(ctx.callEvents);

  const res = await request(ctx.app).post('/api/demo-calls').send(form);
  expect(res.body.status).toBe('preparing');
  // The new call wakes a sweep for when it falls due.
  expect(timer.tasks.filter((t) => t.delayMs === delayMs)).toHaveLength(1);

  // Not yet due: a sweep leaves it preparing.
  time.advance(delayMs - 1);
  await driver.sweepNow();
  expect(await statusOf(ctx, res.body.callId)).toBe('preparing');

  time.advance(1);
  timer.run(delayMs);
  await until(async () => (await statusOf(ctx, res.body.callId)) === 'calling');
  expect(events).toEqual([
    expect.objectContaining({ callId: res.body.callId, status: 'preparing', state: 'preparing' }),
    expect.objectContaining({ callId: res.body.callId, status: 'calling', state: 'ringing' }),
  ]);
});

test('a scheduled lead starts no local call, and stopping the driver cancels what is pending', async () => {
  const time = manualClock('2026-03-03T03:00:00.000Z');
  const ctx = await createTestApp({}, { clock: time.clock });
  open.push(ctx);
  const { timer } = await startDriver(ctx, time.clock, 50);
  expect((await request(ctx.app).post('/api/demo-calls').send(form)).body).toMatchObject({ status: 'scheduled' });
  expect(timer.tasks.filter((t) => t.delayMs === 50)).toEqual([]);
  expect(await ctx.db.selectFrom('call_notifications').select('id').execute()).toEqual([]);

  time.set(T0);
  const res = await request(ctx.app)
    .post('/api/demo-calls')
    .send({ ...form, phone: '2102345678' });
  expect(res.body.status).toBe('preparing');
  expect(timer.tasks.filter((t) => t.delayMs === 50)).toHaveLength(1);
  await open.pop()?.close();
  expect(timer.tasks.every((t) => t.cancelled)).toBe(true);
  time.advance(60_000);
  timer.run();
  expect(await statusOf(ctx, res.body.callId)).toBe('preparing');
});

test('the local driver stands in unless both the webhook and the hook secret are configured', () => {
  const base = { DATA_DIR: '/tmp/porchlight-unused' };
  expect(callAutomationConfigured(loadConfig(base))).toBe(false);
  expect(callAutomationConfigured(loadConfig({ ...base, HOOK_SECRET: SECRET }))).toBe(false);
  expect(callAutomationConfigured(loadConfig({ ...base, LEAD_WEBHOOK_URL: 'https://hooks.example/lead' }))).toBe(false);
  // The delivery key signs what we send; without HOOK_SECRET the automation still cannot report back.
  const delivery = { LEAD_WEBHOOK_URL: 'https://hooks.example/lead', LEAD_WEBHOOK_SECRET: 'lead-webhook-secret-0123' };
  expect(callAutomationConfigured(loadConfig({ ...base, ...delivery }))).toBe(false);
  expect(callAutomationConfigured(loadConfig({ ...base, ...delivery, HOOK_SECRET: SECRET }))).toBe(true);
  expect(
    callAutomationConfigured(
      loadConfig({ ...base, HOOK_SECRET: SECRET, LEAD_WEBHOOK_URL: 'https://hooks.example/lead' }),
    ),
  ).toBe(true);
});
