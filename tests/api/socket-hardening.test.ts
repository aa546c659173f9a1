import crypto from 'node:crypto';
import http from 'node:http';
import { Writable } from 'node:stream';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { bindCallRooms } from '#server/calls/call-rooms.ts';
import { callStatusService } from '#server/calls/call-status.ts';
import { clientAddressOf } from '#server/client-address.ts';
import { createLogger } from '#server/logger.ts';
import { attachSocket } from '#server/socket.ts';
import { memorySocketSlots } from '#server/socket-slots.ts';
import { CALL_JOIN_EVENT, type CallJoinAck } from '#shared/call-status.ts';
import { manualClock } from '../support/manual-clock.ts';
import { createTestApp } from '../support/test-app.ts';

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
    clientAddress: clientAddressOf(ctx.app),
    socketsPerAddress: ctx.config.socketsPerAddress,
    slots,
  });
  const service = callStatusService({ db: ctx.db, events: ctx.callEvents, clock: time.clock });
  // Every call status read the sockets cause.
  const currentStatus = vi.fn((callId: string) => service.currentStatus(callId));
  const unbind = bindCallRooms(io, { calls: { currentStatus }, events: ctx.callEvents, logger });
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
  return {
    io,
    port: address.port,
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
      expect(await join(socket, callId)).toEqual({ callId, status: 'preparing' });
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

// --- Messages ---

test('a message over the size limit closes that connection only', async () => {
  const ctx = await start();
  const socket = await connected(client(ctx.url));
  const cut = disconnected(socket);
  socket.emit(CALL_JOIN_EVENT, 'x'.repeat(100_000), () => {});
  expect(await cut).toMatch(/^transport (close|error)$/);
  expect(ctx.currentStatus).not.toHaveBeenCalled();
  await stillServing(ctx);
});
