import type http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { headingOf } from '#tests/support/html.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

// Raw HTTP: supertest and Node's own client would refuse or rewrite the Host header and request line sent here.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: http.Server;
const logLines: { level: number; msg?: string }[] = [];
const SITE_URL = 'https://www.porchlight.example';

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logLines.push(JSON.parse(line));
      callback();
    },
  });
  // Behind one proxy hop, so X-Forwarded-Proto is read as the protocol.
  ctx = await createTestApp(
    { SITE_URL, TRUST_PROXY: 'loopback' },
    { logger: createLogger('info', sink), pages: await builtPages() },
  );
  await ctx.start();
  server = ctx.server.httpServer;
});
afterAll(async () => {
  await ctx.close();
});

interface RawResponse {
  status: number;
  headers: string;
  body: string;
}

/** Sends `head` as written (request line and headers) and reads the whole answer. */
function raw(head: string): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const headers = text.slice(0, split);
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body: text.slice(split + 4) });
    });
    socket.on('error', reject);
    // Written, not ended: a client that half-closes looks to the server like one that went away.
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
  });
}

const get = (target: string, host = 'www.porchlight.example') => raw(`GET ${target} HTTP/1.1\r\nHost: ${host}`);
const errorsLogged = () => logLines.filter((line) => line.level >= 50);

test.each([
  ['a b', 'a b'],
  ['an unclosed IPv6 literal', '[::1'],
  ['a port out of range', 'x:99999'],
  ['a lone percent sign', '%'],
  ['nothing', ''],
  ['a path', 'evil.example/x?'],
  ['8,000 characters', 'h'.repeat(8_000)],
])('a page asked for with Host %s is rendered for the site address, logging no error', async (_label, host) => {
  const res = await get('/blogs', host);
  expect(res.status).toBe(200);
  expect(headingOf(res.body)).toBe('Real-Estate Lead Conversion Insights');
  expect(res.body).toContain(`<link rel="canonical" href="${SITE_URL}/blogs"/>`);
  expect(errorsLogged()).toEqual([]);
});

test.each(['a b', 'x:y', '%'])('a forwarded protocol of %j does not break the page', async (proto) => {
  const res = await raw(`GET / HTTP/1.1\r\nHost: a b\r\nX-Forwarded-Proto: ${proto}\r\nX-Forwarded-Host: [::1`);
  expect(res.status).toBe(200);
  expect(res.body).toContain(`<link rel="canonical" href="${SITE_URL}/"/>`);
  expect(errorsLogged()).toEqual([]);
});

test('an absolute request target names a path of this site, never another host', async () => {
  const res = await get('http://evil.example/blogs');
  expect(res.status).toBe(200);
  expect(res.body).toContain(`<link rel="canonical" href="${SITE_URL}/blogs"/>`);
  expect(res.body).not.toContain('evil.example');
});

test.each([
  ['//evil.example/x', '//evil.example/x'],
  ['/\\evil.example', '/\\evil.example'],
  ['/..%2f', '/..%2f'],
  ['/a%00b', '/a%00b'],
  ['a 10 kB path', `/${'a'.repeat(10_000)}`],
])('%s answers 404 with the not-found page', async (_label, path) => {
  const res = await get(path);
  expect(res.status).toBe(404);
  expect(headingOf(res.body)).toBe('Page not found');
  expect(res.body).not.toContain('evil.example');
});

test.each(['/%', '/%E0%A4%A', '/blog/%', '/meet/%E0%A4%A', '/robots.txt%'])(
  '%s answers 400 with a page saying the address could not be read',
  async (path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(headingOf(res.body)).toBe('This address could not be read');
    expect(errorsLogged()).toEqual([]);
  },
);

test('a request target that is not a path answers 400', async () => {
  expect((await get('evil')).status).toBe(400);
  expect((await get('mailto:someone@example.com')).status).toBe(400);
});

test('a live-status connection with a malformed Origin is refused and the server keeps running', async () => {
  for (const origin of ['%', 'http://[::1', 'http://x:99999']) {
    const res = await raw(`GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}`);
    expect(res.status).toBe(403);
  }
  const res = await raw(`GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: localhost\r\nOrigin: ${SITE_URL}`);
  expect(res.status).toBe(200);
});
