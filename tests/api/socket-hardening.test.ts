import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import {
  bindCallRooms,
  JOIN_BURST,
  MAX_REFUSED_JOINS,
  MAX_ROOMS_PER_SOCKET,
  MAX_UNKNOWN_CALLS,
  TOO_MANY_JOINS,
  UNKNOWN_CALL,
} from '#server/calls/call-rooms.ts';
import { clientAddressOf } from '#server/http/client-address.ts';
import { createLogger } from '#server/logger.ts';
import { attachSocket } from '#server/socket/socket.ts';
import { memorySocketSlots } from '#server/socket/socket-slots.ts';
import { CALL_JOIN_EVENT, type CallJoinAck } from '#shared/call-status-protocol.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// The real app, Socket.IO server and call rooms on a loopback port, attacked the way a hostile client would.
// Each test starts a whole app and opens real connections: generous, for a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const SITE = 'http://localhost:3000';
const form = { fullName: 'Jane Doe', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function start(env: Record<string, string> = {}) {
  const time = manualClock('2026-03-02T18:00:00.000Z');
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  const logger = createLogger('info', sink);
  const ctx = await createTestApp({ SITE_URL: SITE, ...env }, { clock: time.clock, logger });
  open.push(ctx);
  const server = http.createServer(ctx.app);
  const slots = memorySocketSlots(ctx.config.socketsPerAddress);
  const io = attachSocket(server, {
    siteUrl: ctx.config.siteUrl,
    logger,
    clientAddress: clientAddressOf(ctx.config.trustProxy),
    socketsPerAddress: ctx.config.socketsPerAddress,
    slots,
    onRefused: ctx.server.metrics.socketRefused,
    clock: time.clock,
  });
  const { conversation } = ctx.server.context;
  // Every call read the sockets cause.
  const currentStatus = vi.fn((callId: string) => conversation.snapshot(callId));
  const unbind = bindCallRooms(io, {
    calls: { snapshot: currentStatus },
    events: ctx.callEvents,
    logger,
    clock: time.clock,
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
  // Each call from its own number: a number gets one call per six hours.
  let calls = 0;
  const newCall = async () => {
    const phone = `21086753${String(calls++).padStart(2, '0')}`;
    const created = await request(ctx.app)
      .post('/api/demo-calls')
      .send({ ...form, phone });
    expect(created.body.status).toBe('preparing');
    const callId: string = created.body.callId;
    return callId;
  };
  /** porchlight_socket_handshakes_refused_total of `reason`, as Prometheus reads it. */
  const refusedCount = async (reason: string) => {
    const counter = await ctx.server.metrics.registry
      .getSingleMetric('porchlight_socket_handshakes_refused_total')
      ?.get();
    return counter?.values.find((value) => value.labels.reason === reason)?.value;
  };
  return {
    io,
    port: address.port,
    refusedCount,
    url: `http://127.0.0.1:${address.port}`,
    time,
    lines,
    slots,
    currentStatus,
    newCall,
  };
}

type Transport = 'websocket' | 'polling';

function client(
  url: string,
  { transport = 'websocket', headers }: { transport?: Transport; headers?: Record<string, string> } = {},
) {
  const socket = connect(url, { forceNew: true, reconnection: false, transports: [transport], extraHeaders: headers });
  open.push({ close: () => void socket.disconnect() });
  return socket;
}

/** Resolves with the connected socket, rejects with the connection error. */
function connected(socket: Socket): Promise<Socket> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.disconnect();
      reject(error);
    });
  });
}

const join = (socket: Socket, callId: unknown) =>
  new Promise<CallJoinAck>((resolve) => socket.emit(CALL_JOIN_EVENT, callId, resolve));
const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => (socket.disconnected ? resolve('already') : socket.once('disconnect', resolve)));

/** A raw request, outside any client library; the body is whatever arrives before the server closes. */
function raw(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, headers, agent: false });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // A WebSocket upgrade that is accepted: the test only needs to know that it was.
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, body: '' });
    });
    req.on('error', reject);
    req.end();
  });
}

const pollingHandshake = (port: number, headers: Record<string, string> = {}) =>
  raw(port, '/socket.io/?EIO=4&transport=polling', headers);
const websocketHandshake = (port: number, headers: Record<string, string> = {}) =>
  raw(port, '/socket.io/?EIO=4&transport=websocket', {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': crypto.randomBytes(16).toString('base64'),
    ...headers,
  });

async function stillServing(ctx: Awaited<ReturnType<typeof start>>) {
  expect((await raw(ctx.port, '/healthz')).status).toBe(200);
  const socket = await connected(client(ctx.url, { headers: { origin: SITE } }));
  expect(await join(socket, await ctx.newCall())).toMatchObject({ status: 'preparing' });
}

// --- Origins ---

test.each([
  ['null', 'null'],
  ['a file: page', 'file://'],
  ['garbage', 'not a url at all'],
  ['another site', 'http://evil.example'],
  ['the request’s own host (DNS rebinding)', 'HOST'],
  ['the site’s origin on another port', 'http://localhost:3001'],
])('a handshake from %s is refused over polling and WebSocket, and the server keeps serving', async (_name, value) => {
  const ctx = await start();
  const origin = value === 'HOST' ? `http://127.0.0.1:${ctx.port}` : value;

  const polling = await pollingHandshake(ctx.port, { Origin: origin });
  expect(polling.status).toBe(403);
  expect(JSON.parse(polling.body)).toMatchObject({ message: 'Origin not allowed' });
  const upgrade = await websocketHandshake(ctx.port, { Origin: origin });
  expect(upgrade.status).toBe(400);
  expect(upgrade.body).toBe('Origin not allowed');
  for (const transport of ['polling', 'websocket'] as const) {
    await expect(connected(client(ctx.url, { transport, headers: { origin } }))).rejects.toThrow();
  }
  expect(ctx.slots.held('127.0.0.1')).toBe(0);
  await stillServing(ctx);
});

test('the site’s own origin, and a client that sends no Origin, connect over polling and WebSocket', async () => {
  const ctx = await start();
  const asked: Record<string, string>[] = [{ Origin: SITE }, {}];
  for (const headers of asked) {
    const polling = await pollingHandshake(ctx.port, headers);
    expect(polling.status).toBe(200);
    expect(polling.body).toMatch(/^0\{"sid":/);
    expect((await websocketHandshake(ctx.port, headers)).status).toBe(101);
  }
  const callId = await ctx.newCall();
  for (const transport of ['polling', 'websocket'] as const) {
    for (const headers of [{ origin: SITE }, undefined]) {
      const socket = await connected(client(ctx.url, { transport, headers }));
      expect(await join(socket, callId)).toMatchObject({ callId, status: 'preparing' });
    }
  }
});

// --- Connections per address ---

test('one address holds at most SOCKETS_PER_ADDRESS connections; the rest are refused until one closes', async () => {
  const ctx = await start();
  expect(ctx.slots.held('127.0.0.1')).toBe(0);
  const cap = 20;
  const sockets = await Promise.all(Array.from({ length: cap }, () => connected(client(ctx.url))));
  expect(ctx.slots.held('127.0.0.1')).toBe(cap);

  for (const transport of ['websocket', 'polling'] as const) {
    await expect(connected(client(ctx.url, { transport }))).rejects.toThrow();
  }
  const polling = await pollingHandshake(ctx.port);
  expect(polling.status).toBe(403);
  expect(JSON.parse(polling.body)).toMatchObject({ message: 'Too many connections from this address' });
  const upgrade = await websocketHandshake(ctx.port);
  expect(upgrade.status).toBe(400);
  expect(upgrade.body).toBe('Too many connections from this address');
  expect(
    ctx.lines.some((line) => line.msg === 'socket handshake refused: too many connections from this address'),
  ).toBe(true);
  // The HTTP side is not affected.
  expect((await raw(ctx.port, '/healthz')).status).toBe(200);

  // Closing one makes room for one.
  sockets[0]?.disconnect();
  await vi.waitFor(() => expect(ctx.slots.held('127.0.0.1')).toBe(cap - 1), { timeout: 10_000 });
  await connected(client(ctx.url));
  await expect(connected(client(ctx.url))).rejects.toThrow();

  for (const socket of sockets) socket.disconnect();
  await vi.waitFor(() => expect(ctx.slots.held('127.0.0.1')).toBe(1), { timeout: 10_000 });
});

test('every refused handshake is counted, but an address refused again and again is logged once a minute', async () => {
  const ctx = await start({ TRUST_PROXY: 'loopback', SOCKETS_PER_ADDRESS: '1' });
  const [busy, other] = ['203.0.113.7', '203.0.113.8'];
  for (const address of [busy, other]) await connected(client(ctx.url, { headers: { 'x-forwarded-for': address } }));
  const refuse = async (address: string, times: number) => {
    for (let i = 0; i < times; i++) {
      expect((await pollingHandshake(ctx.port, { 'X-Forwarded-For': address })).status).toBe(403);
    }
  };
  const warned = () =>
    ctx.lines
      .filter((line) => line.msg === 'socket handshake refused: too many connections from this address')
      .map((line) => line.address);

  await refuse(busy, 280);
  await refuse(other, 3);
  expect(warned()).toEqual([busy, other]);
  expect(await ctx.refusedCount('too_many_connections')).toBe(283);

  // Still within the minute of its line: counted, not logged. A minute after it: one more line.
  ctx.time.advance(59_999);
  await refuse(busy, 1);
  expect(warned()).toEqual([busy, other]);
  ctx.time.advance(1);
  await refuse(busy, 5);
  expect(warned()).toEqual([busy, other, busy]);
  expect(await ctx.refusedCount('too_many_connections')).toBe(289);

  // Refusals for the origin are counted under their own reason.
  expect((await pollingHandshake(ctx.port, { Origin: 'http://evil.example' })).status).toBe(403);
  expect(await ctx.refusedCount('origin')).toBe(1);
  expect(await ctx.refusedCount('error')).toBe(0);
});

test('with TRUST_PROXY the forwarded client address is the one counted, as on the HTTP side', async () => {
  const ctx = await start({ TRUST_PROXY: 'loopback', SOCKETS_PER_ADDRESS: '2' });
  const from = (address: string) => client(ctx.url, { headers: { 'x-forwarded-for': address } });
  await connected(from('203.0.113.7'));
  await connected(from('203.0.113.7'));
  await expect(connected(from('203.0.113.7'))).rejects.toThrow();
  await connected(from('203.0.113.8'));
  expect(ctx.slots.held('203.0.113.7')).toBe(2);
  expect(ctx.slots.held('203.0.113.8')).toBe(1);
  expect(ctx.slots.held('127.0.0.1')).toBe(0);
});

test('without TRUST_PROXY a forwarded address is ignored: it cannot buy more connections', async () => {
  const ctx = await start({ SOCKETS_PER_ADDRESS: '2' });
  const from = (address: string) => client(ctx.url, { headers: { 'x-forwarded-for': address } });
  await connected(from('203.0.113.1'));
  await connected(from('203.0.113.2'));
  await expect(connected(from('203.0.113.3'))).rejects.toThrow();
  expect(ctx.slots.held('127.0.0.1')).toBe(2);
});

// --- Joins ---

test('a join flood is answered "too many" without reading the database, and the socket is cut if it goes on', async () => {
  const ctx = await start();
  const callId = await ctx.newCall();
  const socket = await connected(client(ctx.url));

  const burst = await Promise.all(Array.from({ length: 25 }, () => join(socket, callId)));
  expect(burst.filter((answer) => 'status' in answer)).toHaveLength(JOIN_BURST);
  expect(burst.filter((answer) => 'error' in answer)).toEqual(Array(25 - JOIN_BURST).fill(TOO_MANY_JOINS));
  expect(ctx.currentStatus).toHaveBeenCalledTimes(JOIN_BURST);

  // One more join a second.
  ctx.time.advance(1_000);
  expect(await join(socket, callId)).toMatchObject({ callId, status: 'preparing' });
  expect(await join(socket, callId)).toEqual(TOO_MANY_JOINS);
  expect(ctx.currentStatus).toHaveBeenCalledTimes(JOIN_BURST + 1);

  // A client that keeps going after that many refusals is not the dialog.
  const cut = disconnected(socket);
  const refusedSoFar = 25 - JOIN_BURST + 1;
  const rest = Array.from({ length: MAX_REFUSED_JOINS - refusedSoFar }, () => join(socket, callId));
  expect(await Promise.all(rest)).toEqual(Array(rest.length).fill(TOO_MANY_JOINS));
  expect(await cut).toBe('io server disconnect');
  expect(ctx.currentStatus).toHaveBeenCalledTimes(JOIN_BURST + 1);
  await stillServing(ctx);
});

test('a socket that asks for unknown calls again and again is disconnected', async () => {
  const ctx = await start();
  const socket = await connected(client(ctx.url));
  for (let i = 1; i < MAX_UNKNOWN_CALLS; i++) expect(await join(socket, crypto.randomUUID())).toEqual(UNKNOWN_CALL);
  expect(socket.connected).toBe(true);
  const cut = disconnected(socket);
  expect(await join(socket, crypto.randomUUID())).toEqual(UNKNOWN_CALL);
  expect(await cut).toBe('io server disconnect');
  expect(ctx.currentStatus).toHaveBeenCalledTimes(MAX_UNKNOWN_CALLS);
  expect(ctx.lines.some((line) => line.msg === 'socket disconnected after repeated unknown call ids')).toBe(true);
});

test('joins beyond the rooms a socket may hold count as unknown calls, and the socket is disconnected once', async () => {
  const ctx = await start();
  // The reads answer only when the test says so: the first joins hold their rooms while the rest arrive.
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  ctx.currentStatus.mockImplementation(async () => {
    await gate;
    return undefined;
  });
  const socket = await connected(client(ctx.url));
  const cut = disconnected(socket);
  const answers: CallJoinAck[] = [];
  for (let i = 0; i < MAX_ROOMS_PER_SOCKET + MAX_UNKNOWN_CALLS; i++) {
    socket.emit(CALL_JOIN_EVENT, crypto.randomUUID(), (answer: CallJoinAck) => answers.push(answer));
  }
  expect(await cut).toBe('io server disconnect');
  expect(answers).toEqual(Array(MAX_UNKNOWN_CALLS).fill(UNKNOWN_CALL));
  expect(ctx.currentStatus).toHaveBeenCalledTimes(MAX_ROOMS_PER_SOCKET);
  // The reads in flight find their calls unknown too, after the socket has gone.
  release();
  await vi.waitFor(() => expect(ctx.currentStatus.mock.settledResults).toHaveLength(MAX_ROOMS_PER_SOCKET));
  await new Promise((resolve) => setImmediate(resolve));
  const reports = ctx.lines.filter((line) => line.msg === 'socket disconnected after repeated unknown call ids');
  expect(reports).toHaveLength(1);
  ctx.currentStatus.mockRestore();
  await stillServing(ctx);
});

test.each([
  ['an object', { $ne: null }],
  ['an array', ['a', 'b']],
  ['a number', 42],
  ['null', null],
  ['a boolean', true],
  ['a long string', 'x'.repeat(3_000)],
  ['a call id with a newline', `${crypto.randomUUID()}\n`],
])('a join with %s as the call id is answered "Unknown call" without a database read', async (_name, payload) => {
  const ctx = await start();
  const socket = await connected(client(ctx.url));
  expect(await join(socket, payload)).toEqual(UNKNOWN_CALL);
  expect(ctx.currentStatus).not.toHaveBeenCalled();
  await stillServing(ctx);
});

test('joins without an answer function, or with something else in its place, are ignored and then cut off', async () => {
  const ctx = await start();
  const callId = await ctx.newCall();
  const socket = await connected(client(ctx.url));
  const cut = disconnected(socket);
  socket.emit(CALL_JOIN_EVENT, callId);
  socket.emit(CALL_JOIN_EVENT, callId, 'not a function');
  socket.emit(CALL_JOIN_EVENT, callId, { call: 'me' });
  socket.emit(CALL_JOIN_EVENT);
  socket.emit(CALL_JOIN_EVENT, () => {});
  expect(await cut).toBe('io server disconnect');
  expect(ctx.currentStatus).not.toHaveBeenCalled();
  await stillServing(ctx);
});

test('a message over the size limit closes that connection only', async () => {
  const ctx = await start();
  const socket = await connected(client(ctx.url));
  const cut = disconnected(socket);
  socket.emit(CALL_JOIN_EVENT, 'x'.repeat(100_000), () => {});
  expect(await cut).toMatch(/^transport (close|error)$/);
  expect(ctx.currentStatus).not.toHaveBeenCalled();
  await stillServing(ctx);
});

// --- Faults underneath: logged and answered, never thrown ---

test('a room join that rejects, or a status read that throws, is answered "try again" and logged', async () => {
  const ctx = await start();
  const callId = await ctx.newCall();
  const socket = await connected(client(ctx.url));
  const adapter = ctx.io.of('/').adapter;
  const addAll = adapter.addAll.bind(adapter);
  adapter.addAll = async (id, rooms) => {
    if (id === socket.id && [...rooms].some((room) => room.startsWith('call:'))) throw new Error('adapter down');
    return addAll(id, rooms);
  };
  expect(await join(socket, callId)).toEqual({ error: 'Please try again.' });
  adapter.addAll = addAll;

  ctx.currentStatus.mockImplementationOnce(() => {
    throw new Error('database gone');
  });
  expect(await join(socket, callId)).toEqual({ error: 'Please try again.' });
  const warnings = ctx.lines.filter((line) => line.msg === 'could not read a call status for a socket');
  expect(warnings.map((line) => (line.err as { message: string }).message)).toEqual(['adapter down', 'database gone']);
  expect(await join(socket, callId)).toMatchObject({ callId, status: 'preparing' });
});

test('a room leave that rejects is logged, and the unknown call still answered', async () => {
  const ctx = await start();
  const socket = await connected(client(ctx.url));
  const adapter = ctx.io.of('/').adapter;
  adapter.del = async () => {
    throw new Error('adapter down');
  };
  expect(await join(socket, crypto.randomUUID())).toEqual(UNKNOWN_CALL);
  expect(ctx.lines.some((line) => line.msg === 'could not leave a call room')).toBe(true);
  await stillServing(ctx);
});

test('an answer that throws is logged, and the server keeps serving', async () => {
  const ctx = await start();
  const callId = await ctx.newCall();
  // Every join of this server gets an answer function that fails, as a broken transport's would.
  ctx.io.on('connection', (socket) =>
    socket.use((event, next) => {
      event[event.length - 1] = () => {
        throw new Error('answer failed');
      };
      next();
    }),
  );
  const socket = await connected(client(ctx.url));
  socket.emit(CALL_JOIN_EVENT, callId, () => {});
  socket.emit(CALL_JOIN_EVENT, crypto.randomUUID(), () => {});
  await vi.waitFor(() =>
    expect(ctx.lines.filter((line) => line.msg === 'could not answer a call join')).toHaveLength(2),
  );
  expect((await raw(ctx.port, '/healthz')).status).toBe(200);
});
