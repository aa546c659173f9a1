import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RawRequest, rawRequest } from '#tests/support/raw-http.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

// Every door of the running server, knocked on the way a careless client or an attacker would: the answer
// may be any 4xx, never a 5xx, and the server must still answer afterwards. A crash ends this test file.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp(
    {
      HOOK_SECRET: 'hostile-hook-secret-0123456789',
      CLIENT_DASHBOARD_PASSWORD: 'client-password-1',
      ANALYTICS_PASSWORD: 'analytics-password-1',
      // The limits are tested elsewhere; here every request must reach the code behind them.
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      DEMO_RATE_LIMIT_PER_HOUR: '1000000',
      VISITS_RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_ATTEMPTS_PER_15_MIN: '1000000',
    },
    { pages: await builtPages() },
  );
  // The server as it runs: HTTP, Socket.IO and the workers, from the one composition root.
  port = Number(new URL(await ctx.start()).port);
});

afterAll(async () => {
  ctx.server.httpServer.closeAllConnections();
  await ctx.close();
});

const PAGES = [
  '/',
  '/blogs',
  '/blog/best-times-to-call-real-estate-leads',
  '/blog/no-such-post',
  '/privacy',
  '/team',
  '/meet/nobody',
  '/directory',
  '/agent-isa',
  '/tracking',
  '/analytics',
  '/dashboard',
  '/leads',
  '/no/such/page',
];
const FILES = ['/sitemap.xml', '/robots.txt', '/sw.js', '/assets/missing.js', '/healthz', '/readyz'];
const API = [
  '/api/demo-calls',
  '/api/contact',
  '/api/session',
  '/api/visits',
  '/api/hooks/call-status',
  '/api/hooks/leads',
  '/api/dashboard/lead-volume',
  '/api/analytics/summary',
  '/api/analytics/visits',
  '/api/leads',
  '/api/leads/delivery',
  '/api/leads/export.csv',
  '/api/leads/retry-given-up',
  '/api/privacy-requests',
  '/api/privacy-requests/erase',
  '/api/nothing-here',
];
const SOCKET = ['/socket.io/?EIO=4&transport=polling', '/socket.io/?EIO=3&transport=websocket', '/socket.io/'];
const EVERY_PATH = [...PAGES, ...FILES, ...API, ...SOCKET];
const POSTED = API.filter((path) => !path.includes('dashboard') && !path.includes('analytics/'));

async function expectNoServerError(requests: RawRequest[]) {
  const failures: string[] = [];
  // A few at a time: the server must also survive them together.
  for (let i = 0; i < requests.length; i += 8) {
    const batch = requests.slice(i, i + 8);
    const statuses = await Promise.all(batch.map((request) => rawRequest(port, request)));
    statuses.forEach((status, j) => {
      if (status >= 500) failures.push(`${status} for ${JSON.stringify(batch[j]).slice(0, 300)}`);
    });
  }
  expect(failures).toEqual([]);
  expect(await rawRequest(port, { path: '/healthz' })).toBe(200);
}

test('malformed Host headers on every path', { timeout: 120_000 }, async () => {
  const hosts = ['a b', '[::1', 'x:99999', '%', '', 'localhost:-1', 'ex ample.com:80', `${'h'.repeat(2000)}.test`];
  await expectNoServerError(
    EVERY_PATH.flatMap((path) => [
      ...hosts.map((host) => ({ path, headers: { Host: host } })),
      { path, headers: { Host: null } },
    ]),
  );
});

test('malformed Origin headers on every path, the socket endpoint included', { timeout: 120_000 }, async () => {
  const origins = ['null', 'file://', '::::', 'http://', 'http://evil.example', 'https://[::1', '%', 'x'.repeat(3000)];
  const upgrade = {
    Connection: 'Upgrade',
    Upgrade: 'websocket',
    'Sec-WebSocket-Version': '13',
    'Sec-WebSocket-Key': 'dGhlIHNhbXBsZSBub25jZQ==',
  };
  await expectNoServerError([
    ...EVERY_PATH.flatMap((path) => origins.map((origin) => ({ path, headers: { Origin: origin } }))),
    ...POSTED.flatMap((path) =>
      origins.map((origin) => ({
        method: 'POST',
        path,
        headers: { Origin: origin, 'Content-Type': 'application/json' },
        body: '{}',
      })),
    ),
    ...origins.map((origin) => ({
      path: '/socket.io/?EIO=4&transport=websocket',
      headers: { ...upgrade, Origin: origin },
    })),
  ]);
});

test('odd methods and paths', { timeout: 120_000 }, async () => {
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'BREW'];
  const paths = [
    '//evil.example/x',
    '/%',
    '/%E0%A4%A',
    '/..%2f..%2fetc%2fpasswd',
    '/blog/%00',
    '/blog/%F0%9F%98%80',
    `/${'a'.repeat(8000)}`,
    '/?source=%',
    `/?${'x=1&'.repeat(1000)}`,
    '/api/%',
    '/api/hooks/%2e%2e/session',
    '/assets/%2e%2e/%2e%2e/package.json',
    '/socket.io/?EIO=99&transport=nope',
    '*',
    'http://other.example/',
  ];
  await expectNoServerError([
    ...EVERY_PATH.flatMap((path) => methods.map((method) => ({ method, path }))),
    ...paths.flatMap((path) => ['GET', 'POST'].map((method) => ({ method, path }))),
  ]);
});

test('bodies: broken JSON, deep nesting, huge strings, prototype keys, wrong types, unicode controls', {
  timeout: 120_000,
}, async () => {
  const bodies = [
    '{',
    'null',
    '"just a string"',
    '[]',
    '0',
    `${'['.repeat(5000)}${']'.repeat(5000)}`,
    `${'{"a":'.repeat(2000)}1${'}'.repeat(2000)}`,
    JSON.stringify({ fullName: 'x'.repeat(15_000) }),
    'x'.repeat(2_000_000),
    '{"__proto__":{"admin":true},"constructor":{"prototype":{"polluted":1}}}',
    JSON.stringify({ fullName: 42, phone: [], email: {}, consent: 'yes', role: 7, password: null }),
    JSON.stringify({ fullName: 'A\u0000B\u202E\uD800', phone: '\u0000', email: 'a@b.c\u0000', consent: true }),
    JSON.stringify({
      firstName: '\uDFFF',
      lastName: '\u202Egnp',
      phoneNumber: '2105550100',
      companyName: '\u0007',
      email: 'a@example.com',
    }),
    JSON.stringify({ page: '/\u0000', referrer: 'x'.repeat(1500), duration: -1, returnVisit: 'no' }),
    JSON.stringify({ callId: { $ne: null }, status: 'calling' }),
    Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0xc3, 0x28]).toString('latin1'),
  ];
  const types = [
    'application/json',
    'application/json; charset=utf-16',
    'application/json; charset=nope',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    '*/*',
    'garbage',
  ];
  const requests: RawRequest[] = [];
  for (const path of POSTED) {
    for (const body of bodies)
      requests.push({ method: 'POST', path, headers: { 'Content-Type': 'application/json' }, body });
    for (const type of types)
      requests.push({ method: 'POST', path, headers: { 'Content-Type': type }, body: bodies[10] });
    // Lies about the body's length and encoding.
    requests.push({
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      body: '{}',
    });
    requests.push({
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br, zstd' },
      body: '{}',
    });
    requests.push({
      method: 'POST',
      path,
      headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      body: '2\r\n{}\r\n0\r\n\r\n',
    });
  }
  await expectNoServerError(requests);
});

test('cookies: malformed, forged signatures, huge', { timeout: 120_000 }, async () => {
  const cookies = [
    'a',
    '=;;=;',
    'porchlight_session_client=s:forged.signature',
    'porchlight_session_analytics=s:%E0%A4%A',
    '__Host-porchlight_session_client=s:%00',
    `porchlight_session_client=${'x'.repeat(6000)}`,
    'porchlight_session_client=j:{"__proto__":1}',
    '__Host-porchlight_session_operator=s:forged.signature',
  ];
  const paths = [
    '/',
    '/dashboard',
    '/analytics',
    '/api/session',
    '/api/dashboard/lead-volume',
    '/api/analytics/summary',
    '/leads',
    '/api/leads',
    '/api/privacy-requests',
  ];
  await expectNoServerError([
    ...paths.flatMap((path) => cookies.map((cookie) => ({ path, headers: { Cookie: cookie } }))),
    ...cookies.map((cookie) => ({ method: 'DELETE', path: '/api/session', headers: { Cookie: cookie } })),
  ]);
});

test('query strings on the operator API: wrong types, repeated keys, prototype keys', { timeout: 60_000 }, async () => {
  const queries = [
    'days=abc',
    'days=1e400',
    'days[]=1',
    'days=7&days=30',
    '__proto__[x]=1',
    'page=-1&pageSize=1000000',
    'role=%00',
  ];
  await expectNoServerError(
    ['/api/analytics/summary', '/api/analytics/visits', '/api/dashboard/lead-volume', '/api/session'].flatMap((path) =>
      queries.flatMap((query) => [{ path: `${path}?${query}` }, { method: 'DELETE', path: `${path}?${query}` }]),
    ),
  );
});
