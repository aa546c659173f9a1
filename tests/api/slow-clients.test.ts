import net from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { LARGEST_BODY_BYTES } from '#server/http/connection-limits.ts';
import { createLogger } from '#server/logger.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// One address misbehaves on real loopback sockets while another is served. Linux routes all of 127.0.0.0/8 to
// the loopback interface, so a client can bind its socket to 127.0.0.2 and the server sees that address.
const HOSTILE = '127.0.0.2';
const VISITOR = '127.0.0.3';

/** Generous for a busy machine: the server answers at once, but a hundred connections take a while to close. */
const SETTLED = { timeout: 10_000 };

const open: { close(): Promise<void> }[] = [];
const sockets: net.Socket[] = [];
const timers: NodeJS.Timeout[] = [];
afterEach(async () => {
  for (const timer of timers.splice(0)) clearInterval(timer);
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const ctx of open.splice(0)) await ctx.close();
});

/** A started server with these settings; `port` is where it listens on 127.0.0.1. */
async function server(env: Record<string, string>, logged: Record<string, unknown>[] = []) {
  const logger = createLogger('warn', {
    write: (line: string) => {
      logged.push(JSON.parse(line));
    },
  });
  // A fixed clock: the refusals' log lines are paced by it.
  const ctx = await createTestApp(env, { logger, clock: () => new Date('2026-01-05T12:00:00Z') });
  open.push(ctx);
  const port = Number(new URL(await ctx.start()).port);
  return { ctx, port };
}

interface Connection {
  socket: net.Socket;
  /** Everything the server sent so far. */
  received(): string;
  isClosed(): boolean;
  /** Resolves with everything the server sent once the connection is closed. */
  closed: Promise<string>;
}

/** A TCP connection to the server from `from`, open once the handshake is done (the server may close it at once). */
function connect(port: number, from: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: '127.0.0.1', port, localAddress: from });
    sockets.push(socket);
    socket.setEncoding('latin1');
    let data = '';
    let closed = false;
    socket.on('data', (chunk: string) => {
      data += chunk;
    });
    // A connection the server closes may end with a reset; the test reads what it was sent.
    socket.on('error', () => {});
    const done = new Promise<string>((settle) => {
      socket.on('close', () => {
        closed = true;
        settle(data);
      });
    });
    socket.once('connect', () => resolve({ socket, received: () => data, isClosed: () => closed, closed: done }));
    socket.once('error', reject);
  });
}

/** One request on a fresh connection from `from`; resolves with the status line's code (0: closed unanswered). */
async function statusOf(port: number, from: string, path = '/healthz'): Promise<number> {
  const connection = await connect(port, from);
  connection.socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(await connection.closed)?.[1] ?? 0);
}

/** Writes `byte` every 50 ms until the connection closes. */
function trickle(connection: Connection, byte: string) {
  timers.push(
    setInterval(() => {
      if (!connection.isClosed()) connection.socket.write(byte);
    }, 50),
  );
}

test('one address holds at most CONNECTIONS_PER_ADDRESS connections; more close at once, and other addresses are served', async () => {
  const logged: Record<string, unknown>[] = [];
  const { port } = await server({ CONNECTIONS_PER_ADDRESS: '8' }, logged);

  // A hundred idle connections from one address: the server keeps 8 and closes the other 92 unanswered.
  const flood = await Promise.all(Array.from({ length: 100 }, () => connect(port, HOSTILE)));
  await vi.waitFor(() => expect(flood.filter((connection) => connection.isClosed())).toHaveLength(92), SETTLED);
  for (const connection of flood) expect(connection.received()).toBe('');
  const held = flood.filter((connection) => !connection.isClosed());
  expect(held).toHaveLength(8);

  // Meanwhile every other address is served, and the flooding one gets nothing more.
  const visitor = await Promise.all(Array.from({ length: 20 }, () => statusOf(port, VISITOR)));
  expect(visitor).toEqual(Array(20).fill(200));
  expect(await statusOf(port, HOSTILE)).toBe(0);
  // One warning for the operator, not one per refused connection.
  const warnings = logged.filter((line) => String(line.msg).includes('CONNECTIONS_PER_ADDRESS'));
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatchObject({ level: 40, address: HOSTILE, connections: 8 });

  // The cap counts connections open now: once the address lets them go, it is served again.
  for (const connection of held) connection.socket.end();
  await Promise.all(held.map((connection) => connection.closed));
  await vi.waitFor(async () => expect(await statusOf(port, HOSTILE)).toBe(200), SETTLED);
});

test('slow headers, a slow body and an idle connection are cut at their deadlines with 408, while others are served', async () => {
  const { ctx, port } = await server({ HEADERS_TIMEOUT_MS: '500', REQUEST_TIMEOUT_MS: '1000' });
  expect(ctx.server.httpServer.headersTimeout).toBe(500);
  expect(ctx.server.httpServer.requestTimeout).toBe(1000);
  const origin = ctx.config.siteUrl;

  // Headers that would take 20 s: a byte every 50 ms of a 400-byte header.
  const slowHeaders = await connect(port, HOSTILE);
  slowHeaders.socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
  trickle(slowHeaders, 'a');
  // A body that would take 50 s: its headers at once, then 1 of its 1,000 bytes every 50 ms, to a route that
  // reads it (the same origin, so the form's router takes it).
  const slowBody = await connect(port, HOSTILE);
  slowBody.socket.write(
    'POST /api/contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      `Origin: ${origin}\r\nContent-Length: 1000\r\n\r\n{"firstName":"`,
  );
  trickle(slowBody, 'a');
  // A connection that sends nothing at all.
  const idle = await connect(port, HOSTILE);

  // While they hang on, the other address is answered as usual.
  for (let i = 0; i < 10; i++) expect(await statusOf(port, VISITOR)).toBe(200);

  // Each is answered 408 and closed by the server, long before it would have finished.
  for (const [name, connection] of [
    ['slow headers', slowHeaders],
    ['slow body', slowBody],
    ['idle', idle],
  ] as const) {
    const answer = await connection.closed;
    expect([name, answer.split('\r\n')[0]]).toEqual([name, 'HTTP/1.1 408 Request Timeout']);
  }
  expect(await statusOf(port, VISITOR)).toBe(200);
});

test('a declared body larger than any route takes is refused unread with 413 and the connection closed', async () => {
  const { port } = await server({
    HOOK_SECRET: 'a-hook-secret-of-sixteen-or-more',
    VAPI_SERVER_SECRET: 'a-vapi-secret-of-sixteen-or-more',
  });
  const post = async (path: string, length: number, body = '') => {
    const connection = await connect(port, HOSTILE);
    connection.socket.write(
      `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${body}`,
    );
    return connection;
  };

  // A gigabyte declared: the answer comes before any of it is sent, and the server closes the connection.
  for (const path of ['/api/contact', '/api/hooks/call-status', '/', '/socket.io/?EIO=4&transport=polling']) {
    const huge = await post(path, 1024 ** 3);
    const answer = await huge.closed;
    expect([path, answer.split('\r\n')[0]]).toEqual([path, 'HTTP/1.1 413 Payload Too Large']);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"error":"Request body too large."}');
  }
  // One byte past the largest body a route takes is refused the same way.
  const over = await post('/api/hooks/call-status', LARGEST_BODY_BYTES + 1);
  expect((await over.closed).split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  // The largest itself reaches its route, a call provider's messages: the hook reads it and checks its signature.
  const largest = await post('/api/hooks/vapi', LARGEST_BODY_BYTES, `"${'a'.repeat(LARGEST_BODY_BYTES - 2)}"`);
  await vi.waitFor(() => expect(largest.received()).toMatch(/^HTTP\/1\.1 401 /), SETTLED);
  expect(await statusOf(port, VISITOR)).toBe(200);
});

test('a hook body sent without a length is read only up to its hook’s limit, and a compressed one is not read at all', async () => {
  const { port } = await server({ HOOK_SECRET: 'a-hook-secret-of-sixteen-or-more' });
  const chunked = async (headers: string) => {
    const connection = await connect(port, HOSTILE);
    connection.socket.write(
      `POST /api/hooks/call-status HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}Transfer-Encoding: chunked\r\n\r\n`,
    );
    return connection;
  };

  // 16 kB chunks, past the signed hooks' 64 kB: the answer comes as the limit is passed, and the connection closes
  // while the client still has more to send.
  const endless = await chunked('');
  const chunk = `4000\r\n${'a'.repeat(0x4000)}\r\n`;
  for (let i = 0; i < 5; i++) endless.socket.write(chunk);
  trickle(endless, chunk);
  const answer = await endless.closed;
  expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 413 Payload Too Large');
  expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toMatch(/"error":"Request body too large."/);

  // A body the server would have to inflate first: refused before any of it is read.
  const zipped = await chunked('Content-Encoding: gzip\r\n');
  const refused = await zipped.closed;
  expect(refused.split('\r\n')[0]).toBe('HTTP/1.1 415 Unsupported Media Type');
  expect(refused).toMatch(/"error":"Send the body uncompressed."/);
  expect(await statusOf(port, VISITOR)).toBe(200);
});
