import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { signedHeaders } from '#server/hooks/signing.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Property-based fuzzing of every JSON endpoint: whatever the body, the answer is a 2xx or a 4xx whose JSON
// says what is wrong, never a 5xx, and every lead the server accepted is in the database. Seeded, so a
// failure replays; FUZZ_RUNS raises the number of cases per endpoint (FUZZ_SEED picks another sequence).

const RUNS = Number(process.env.FUZZ_RUNS ?? 500);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const HOOK_SECRET = 'fuzz-hook-secret-0123456789abcdef';
const PASSWORDS = { client: 'client-password-1', analytics: 'analytics-password-1', operator: 'operator-password-1' };
// Within calling hours across the US, so accepted demo calls go both ways (immediate and scheduled).
const NOW = new Date('2026-11-23T19:00:00Z');

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: http.Server;
let base: string;
let cookies = '';
const accepted = { demo: 0, contact: 0 };

beforeAll(async () => {
  ctx = await createTestApp(
    {
      HOOK_SECRET,
      CLIENT_DASHBOARD_PASSWORD: PASSWORDS.client,
      ANALYTICS_PASSWORD: PASSWORDS.analytics,
      OPERATOR_PASSWORD: PASSWORDS.operator,
      API_RATE_LIMIT_PER_MINUTE: '1000000',
      DEMO_RATE_LIMIT_PER_HOUR: '1000000',
      VISITS_RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_ATTEMPTS_PER_15_MIN: '1000000',
    },
    { clock: () => NOW },
  );
  server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const jar: string[] = [];
  for (const role of ['client', 'analytics', 'operator'] as const) {
    const res = await fetch(`${base}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role, password: PASSWORDS[role] }),
    });
    expect(res.status).toBe(200);
    for (const line of res.headers.getSetCookie()) jar.push(line.split(';')[0] ?? '');
  }
  cookies = jar.join('; ');
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await ctx.close();
});

interface Answer {
  status: number;
  body: unknown;
}

async function send(path: string, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // Left as text: the assertion below says so.
  }
  return { status: res.status, body };
}

/** Percent-encodes the UTF-8 bytes of any string, lone surrogates included (encodeURIComponent throws on them). */
const encodeAny = (value: string) =>
  [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');

const postJson = (path: string, body: string, headers: Record<string, string> = {}) =>
  send(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

/**
 * A refusal must tell the client what is wrong, in the API's one shape (shared/api-error.ts): a message
 * always, and the optional fields only with their types (a message per field, a text, a number of seconds).
 */
function explainsRefusal(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const field = (key: string): unknown => (Object.hasOwn(body, key) ? Reflect.get(body, key) : undefined);
  const error = field('error');
  const fieldErrors = field('fieldErrors');
  const description = field('description');
  const retryAfterSeconds = field('retryAfterSeconds');
  if (typeof error !== 'string' || error.length === 0) return false;
  if (fieldErrors !== undefined) {
    if (typeof fieldErrors !== 'object' || fieldErrors === null || Array.isArray(fieldErrors)) return false;
    const messages = Object.values(fieldErrors);
    if (messages.length === 0 || !messages.every((message) => typeof message === 'string' && message.length > 0)) {
      return false;
    }
  }
  if (description !== undefined && (typeof description !== 'string' || description.length === 0)) return false;
  return retryAfterSeconds === undefined || (Number.isInteger(retryAfterSeconds) && Number(retryAfterSeconds) > 0);
}

function expectAnswer(answer: Answer, allowed: number[], sent: unknown) {
  const context = `${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)} for ${JSON.stringify(sent)?.slice(0, 300)}`;
  // Node's own HTTP parser refuses a request line or headers over its 16 kB limit before any of our code runs.
  if (answer.status === 431) return;
  expect(allowed, context).toContain(answer.status);
  if (answer.status >= 400) expect(explainsRefusal(answer.body), context).toBe(true);
}

// Strings a careless or hostile client sends: any code unit (lone surrogates too), controls, long ones.
const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: anyCodeUnit, maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202E', '\uD800', '__proto__', 'constructor', 'a'.repeat(5000)),
);
const hostileValue = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 3 }), fc.constant(undefined));

/** A valid body with some of its fields replaced by hostile values, or extra keys added. */
function mutated(valid: Record<string, unknown>) {
  const keys = Object.keys(valid);
  return fc
    .record({
      replace: fc.dictionary(fc.constantFrom(...keys), hostileValue, { maxKeys: keys.length }),
      extra: fc.dictionary(
        fc.oneof(fc.string(), fc.constantFrom('__proto__', 'constructor', 'website')),
        hostileValue,
        {
          maxKeys: 2,
        },
      ),
    })
    .map(({ replace, extra }) => ({ ...valid, ...extra, ...replace }));
}

/** Whole bodies: arbitrary JSON, mutated valid ones, and text that is not JSON at all. */
function bodies(valid: Record<string, unknown>) {
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value) ?? 'null'),
    mutated(valid).map((value) => JSON.stringify(value)),
    mutated(valid).map((value) => JSON.stringify(value)),
    fc.string({ unit: anyCodeUnit, maxLength: 200 }),
  );
}

const phoneDigits = fc
  .tuple(fc.integer({ min: 201, max: 989 }), fc.integer({ min: 200, max: 999 }), fc.integer({ min: 0, max: 9999 }))
  .map(([area, exchange, line]) => `${area}${exchange}${String(line).padStart(4, '0')}`);

const params = { seed: SEED, numRuns: RUNS };

test('POST /api/demo-calls', { timeout: 180_000 }, async () => {
  const valid = { fullName: 'Dana Whitfield', phone: '2105550123', email: 'dana@example.com', consent: true };
  const body = fc.oneof(
    bodies(valid),
    phoneDigits.map((phone) => JSON.stringify({ ...valid, phone })),
  );
  await fc.assert(
    fc.asyncProperty(body, async (sent) => {
      const answer = await postJson('/api/demo-calls', sent);
      expectAnswer(answer, [201, 400, 413, 415, 422, 429], sent);
      if (answer.status === 201) accepted.demo++;
    }),
    params,
  );
});

test('POST /api/contact', { timeout: 180_000 }, async () => {
  const valid = {
    firstName: 'Dana',
    lastName: 'Whitfield',
    phoneNumber: '(210) 555-0123',
    companyName: 'Whitfield Homes',
    email: 'dana@example.com',
  };
  const unsafe = fc.constantFrom(
    '\u0000',
    '\u0007',
    '\u202E',
    '\u2066',
    '\u200F',
    '\uD800',
    '\u0085',
    '\u{E0041}',
    '\u3164',
    '\uFFF9',
    '\u200B',
    '\uE000',
  );
  const body = fc.oneof(
    bodies(valid),
    phoneDigits.map((phoneNumber) => JSON.stringify({ ...valid, phoneNumber })),
    fc
      .tuple(phoneDigits, unsafe)
      .map(([phoneNumber, char]) => JSON.stringify({ ...valid, phoneNumber, companyName: `Whitfield${char} Homes` })),
  );
  await fc.assert(
    fc.asyncProperty(body, async (sent) => {
      const answer = await postJson('/api/contact', sent);
      expectAnswer(answer, [201, 400, 413, 415, 422, 429], sent);
      if (answer.status === 201) accepted.contact++;
    }),
    params,
  );
});

// Controls, bidi overrides, lone surrogates and invisible characters (tags, fillers, annotations, what a paste brings
// along, private use) would travel on to the webhook, its AI and the operator's screens.
const UNSAFE_TEXT =
  /[\p{Cc}\p{Co}\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069\u{E0000}-\u{E007F}\u115F\u1160\u3164\uFFA0\uFFF9-\uFFFB\u00AD\u200B\u2060\uFEFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u;

test('every lead answered 201 is stored, with no control, bidi or invisible characters in its text', async () => {
  const rows = await ctx.db
    .selectFrom('leads')
    .select(['kind', 'full_name', 'first_name', 'last_name', 'company_name', 'email'])
    .execute();
  expect(accepted.demo + accepted.contact).toBeGreaterThan(0);
  expect(rows.filter((row) => row.kind === 'demo')).toHaveLength(accepted.demo);
  expect(rows.filter((row) => row.kind === 'contact')).toHaveLength(accepted.contact);
  const unsafe = rows.filter((row) =>
    [row.full_name, row.first_name, row.last_name, row.company_name, row.email].some(
      (text) => text && UNSAFE_TEXT.test(text),
    ),
  );
  expect(unsafe).toEqual([]);
});

test('POST /api/visits', { timeout: 180_000 }, async () => {
  const valid = { page: '/blogs', referrer: 'direct', duration: 12, returnVisit: false, sourceTag: 'agent-isa' };
  await fc.assert(
    fc.asyncProperty(bodies(valid), async (sent) => {
      expectAnswer(await postJson('/api/visits', sent), [204, 400, 413, 415], sent);
    }),
    params,
  );
});

test('POST and DELETE /api/session', { timeout: 180_000 }, async () => {
  const valid = { role: 'client', password: 'not-the-password' };
  await fc.assert(
    fc.asyncProperty(bodies(valid), async (sent) => {
      expectAnswer(await postJson('/api/session', sent), [200, 400, 401, 413, 415, 429], sent);
    }),
    params,
  );
  await fc.assert(
    fc.asyncProperty(hostileString, async (role) => {
      const answer = await send(`/api/session?role=${encodeAny(role)}`, { method: 'DELETE' });
      expectAnswer(answer, [204, 400], role);
    }),
    params,
  );
});

test('signed hooks: whatever the signed body says', { timeout: 180_000 }, async () => {
  const callStatus = { callId: '0b7c6f1e-2a43-4c1e-9a55-0d8f3b2c1a90', status: 'calling' };
  const leads = { externalId: 'crm-1', receivedAt: '2026-11-23T15:00:00Z' };
  const cases = fc.oneof(
    bodies(callStatus).map((body) => ({ path: '/api/hooks/call-status', body })),
    bodies(leads).map((body) => ({ path: '/api/hooks/leads', body })),
  );
  await fc.assert(
    fc.asyncProperty(cases, async ({ path, body }) => {
      const answer = await postJson(path, body, signedHeaders(HOOK_SECRET, { method: 'POST', path, body }, NOW));
      expectAnswer(answer, [200, 400, 404, 409, 413, 415], { path, body });
    }),
    params,
  );
});

test('operator queries', { timeout: 180_000 }, async () => {
  const paths = fc.constantFrom('/api/analytics/summary', '/api/analytics/visits', '/api/dashboard/lead-volume');
  const query = fc.dictionary(
    fc.oneof(fc.constantFrom('days', 'page', 'pageSize', '__proto__'), fc.string()),
    hostileString,
    {
      maxKeys: 4,
    },
  );
  await fc.assert(
    fc.asyncProperty(paths, query, async (path, values) => {
      const search = Object.entries(values)
        .map(([key, value]) => `${encodeAny(key)}=${encodeAny(value ?? '')}`)
        .join('&');
      const answer = await send(`${path}?${search}`, { headers: { cookie: cookies } });
      expectAnswer(answer, [200, 400], `${path}?${search}`);
    }),
    params,
  );
});

test('lead inbox queries and exports, whatever the filters', { timeout: 180_000 }, async () => {
  const paths = fc.constantFrom('/api/leads', '/api/leads/delivery', '/api/leads/export.csv');
  const query = fc.dictionary(
    fc.oneof(
      fc.constantFrom('kind', 'source', 'state', 'from', 'to', 'q', 'cursor', 'limit', '__proto__'),
      fc.string(),
    ),
    fc.oneof(hostileString, fc.constantFrom('demo', 'given_up', '2026-11-23', '(210) 555-0123', 'dana@example.com')),
    { maxKeys: 5 },
  );
  await fc.assert(
    fc.asyncProperty(paths, query, async (path, values) => {
      const search = Object.entries(values)
        .map(([key, value]) => `${encodeAny(key)}=${encodeAny(value ?? '')}`)
        .join('&');
      const answer = await send(`${path}?${search}`, { headers: { cookie: cookies } });
      expectAnswer(answer, [200, 400], `${path}?${search}`);
    }),
    params,
  );
});

test('lead retries and privacy requests, whatever the body or id', { timeout: 180_000 }, async () => {
  const subject = { email: 'nobody@example.com' };
  const cases = fc.oneof(
    bodies(subject).map((body) => ({ path: '/api/privacy-requests/search', body })),
    bodies(subject).map((body) => ({ path: '/api/privacy-requests/export', body })),
    // Erasures of a number and an address no fuzzed lead has: the answers are checked, nothing of value goes.
    bodies({ phone: '9895550000', confirm: true }).map((body) => ({ path: '/api/privacy-requests/erase', body })),
    hostileString.map((id) => ({ path: `/api/leads/${encodeAny(id)}/retry`, body: '' })),
    fc.constant({ path: '/api/leads/retry-given-up', body: '' }),
  );
  await fc.assert(
    fc.asyncProperty(cases, async ({ path, body }) => {
      const answer = await postJson(path, body, { cookie: cookies });
      expectAnswer(answer, [200, 400, 404, 409, 413, 415], { path, body });
    }),
    params,
  );
});
