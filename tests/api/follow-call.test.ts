import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { Server } from 'socket.io';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { followCall } from '#client/features/demo-call/follow-call.ts';
import type { LiveCallUpdate } from '#client/features/demo-call/live-call.ts';
import { CONNECT_TIMEOUT_MS } from '#client/lib/room-socket.ts';
import { bindCallRooms, callRoom } from '#server/calls/call-rooms.ts';
import { signedHeaders } from '#server/hooks/signing.ts';
import { createLogger } from '#server/logger.ts';
import {
  CALL_FIELDS_EVENT,
  CALL_SUMMARY_EVENT,
  CALL_TRANSCRIPT_EVENT,
  type CallStatus,
} from '#shared/call-status-protocol.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// The dialog's side of the call status (client/features/demo-call/follow-call.ts) against the real rooms.

const SECRET = 'a-hook-secret-of-some-length';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup() {
  const time = manualClock('2026-03-02T18:00:00.000Z');
  const ctx = await createTestApp({ HOOK_SECRET: SECRET }, { clock: time.clock });
  open.push(ctx);
  const created = await request(ctx.app).post('/api/demo-calls').send(form);
  const callId: string = created.body.callId;
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
    close: () => {
      unbind();
      return new Promise<void>((resolve) => io.close(() => resolve()));
    },
  });
  const hook = (status: CallStatus) => {
    const raw = JSON.stringify({ callId, status });
    return request(ctx.app)
      .post('/api/hooks/call-status')
      .set(signedHeaders(SECRET, { method: 'POST', path: '/api/hooks/call-status', body: raw }, time.clock()))
      .send(raw);
  };
  return { io, callId, hook, url: `http://127.0.0.1:${address.port}` };
}

/** Follows a call and records what the listener hears; `next(n)` waits for the n-th status. */
function follow(callId: string, url: string) {
  const heard: CallStatus[] = [];
  const updates: LiveCallUpdate[] = [];
  const connection: boolean[] = [];
  let unknown = false;
  const waiters: (() => void)[] = [];
  const stop = followCall(
    callId,
    {
      onStatus: (status) => {
        heard.push(status);
        for (const wake of waiters.splice(0)) wake();
      },
      onUnknownCall: () => {
        unknown = true;
        for (const wake of waiters.splice(0)) wake();
      },
      onUpdate: (update) => {
        updates.push(update);
        for (const wake of waiters.splice(0)) wake();
      },
      onConnection: (connected) => {
        connection.push(connected);
        for (const wake of waiters.splice(0)) wake();
      },
    },
    { url },
  );
  open.push({ close: stop });
  const until = async (done: () => boolean) => {
    while (!done()) await new Promise<void>((resolve) => waiters.push(resolve));
  };
  return { heard, updates, connection, isUnknown: () => unknown, until };
}

test('the join answer gives the current status, then the room pushes the change', async () => {
  const ctx = await setup();
  const call = follow(ctx.callId, ctx.url);
  await call.until(() => call.heard.length === 1);
  expect(call.heard).toEqual(['preparing']);
  await ctx.hook('calling');
  await call.until(() => call.heard.length === 2);
  expect(call.heard).toEqual(['preparing', 'calling']);
});

test('after the connection drops, it reconnects by itself and recovers a change it missed', async () => {
  const ctx = await setup();
  const call = follow(ctx.callId, ctx.url);
  await call.until(() => call.heard.length === 1);
  ctx.io.disconnectSockets(true);
  // From the drop: the hook below may itself take a good part of that second on a busy machine.
  const started = Date.now();
  // Pushed while this browser is away: only the next join answer can tell it.
  expect((await ctx.hook('calling')).status).toBe(200);
  await call.until(() => call.heard.includes('calling'));
  expect(call.heard).toEqual(['preparing', 'calling']);
  // The first reconnect waits 1 s.
  expect(Date.now() - started).toBeGreaterThanOrEqual(900);
  // The page was told the room went quiet, and when it was heard again: each change once.
  expect(call.connection).toEqual([true, false, true]);
});

test('a room that cannot be reached is told to the page at once', async () => {
  const ctx = await setup();
  // Nothing listens on this port: the first connection fails.
  const unreachable = http.createServer();
  await new Promise<void>((resolve) => unreachable.listen(0, '127.0.0.1', resolve));
  const address = unreachable.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  await new Promise<void>((resolve) => unreachable.close(() => resolve()));
  const call = follow(ctx.callId, `http://127.0.0.1:${address.port}`);
  await call.until(() => call.connection.length === 1);
  expect(call.connection).toEqual([false]);
  expect(call.heard).toEqual([]);
});

test("a connection that stalls counts as lost after a bounded wait, not Socket.IO's 20 s", async () => {
  const ctx = await setup();
  // Takes the connection and never answers: a network that hangs rather than refuses.
  const taken = new Set<net.Socket>();
  const silent = net.createServer((socket) => taken.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () => {
      for (const socket of taken) socket.destroy();
      return new Promise<void>((resolve) => silent.close(() => resolve()));
    },
  });
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const started = Date.now();
  const call = follow(ctx.callId, `http://127.0.0.1:${address.port}`);
  await call.until(() => call.connection.length === 1);
  expect(call.connection).toEqual([false]);
  expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
  expect(Date.now() - started).toBeLessThan(15_000);
}, 30_000);

test('a call the server does not know is reported as such', async () => {
  const ctx = await setup();
  const call = follow(crypto.randomUUID(), ctx.url);
  await call.until(call.isUnknown);
  expect(call.heard).toEqual([]);
});

test('what is said, learned and summed up on the call reaches the page, checked against the protocol', async () => {
  const ctx = await setup();
  const call = follow(ctx.callId, ctx.url);
  await call.until(() => call.heard.length === 1);
  expect(call.updates).toEqual([expect.objectContaining({ kind: 'snapshot' })]);
  const room = ctx.io.to(callRoom(ctx.callId));
  const at = '2026-03-02T18:00:05.000Z';
  const line = { callId: ctx.callId, utteranceId: 'assistant-1', role: 'assistant', at };
  room.emit(CALL_TRANSCRIPT_EVENT, { ...line, text: 'Hi, this is', kind: 'partial' });
  // Not of the protocol: dropped, and the page goes on.
  room.emit(CALL_TRANSCRIPT_EVENT, { ...line, text: 'Hi', kind: 'shouted' });
  room.emit(CALL_TRANSCRIPT_EVENT, { ...line, callId: crypto.randomUUID(), text: 'Another call', kind: 'final' });
  room.emit(CALL_TRANSCRIPT_EVENT, { ...line, text: 'Hi, this is the assistant.', kind: 'final' });
  room.emit(CALL_FIELDS_EVENT, { callId: ctx.callId, fields: { timeline: 'within three months' } });
  const summary = { durationSeconds: 95, learned: 'Buying soon.', nextStep: 'A showing on Saturday.' };
  room.emit(CALL_SUMMARY_EVENT, { callId: ctx.callId, summary });
  await call.until(() => call.updates.length === 5);
  expect(call.updates.slice(1)).toEqual([
    {
      kind: 'transcript',
      line: { utteranceId: 'assistant-1', role: 'assistant', at, text: 'Hi, this is', kind: 'partial' },
    },
    {
      kind: 'transcript',
      line: { utteranceId: 'assistant-1', role: 'assistant', at, text: 'Hi, this is the assistant.', kind: 'final' },
    },
    { kind: 'fields', fields: { timeline: 'within three months' } },
    { kind: 'summary', summary },
  ]);
});
