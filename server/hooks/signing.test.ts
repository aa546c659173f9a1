import type { RequestListener } from 'node:http';
import { pino } from 'pino';
import request from 'supertest';
import { expect, test } from 'vitest';
import { windowCounter } from '#server/http/window-counter.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { hookPath } from './hook-path.ts';
import { memoryReplayGuard } from './replay-guard.ts';
import {
  checkSignature,
  SIGNATURE_HEADER,
  SIGNED_HOOK_BODY_BYTES,
  signedHeaders,
  signedHookGuard,
  signRequest,
  stringToSign,
  TIMESTAMP_HEADER,
} from './signing.ts';

const T0 = '2026-03-02T15:00:00Z';
const now = new Date(T0);
const ts = String(Date.parse(T0) / 1000);
const secret = 'hook-secret-0123456789';
const body = JSON.stringify({ callId: 'abc', status: 'calling' });
const leads = { method: 'POST', path: '/api/hooks/leads', body };

/** What a receiver has in hand: the request as it arrived, headers included. */
function received(headers: Record<string, string>, request = leads) {
  return { ...request, timestamp: headers[TIMESTAMP_HEADER], signature: headers[SIGNATURE_HEADER] };
}

test('the signed string is timestamp, method, path and body, joined by dots', () => {
  expect(stringToSign({ timestamp: ts, ...leads })).toBe(`${ts}.POST./api/hooks/leads.${body}`);
  expect(signedHeaders(secret, leads, now)).toEqual({
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: ts,
    [SIGNATURE_HEADER]: signRequest(secret, { timestamp: ts, ...leads }),
  });
  expect(signRequest(secret, { timestamp: ts, ...leads })).toMatch(/^sha256=[0-9a-f]{64}$/);
});

test('a fresh, correct signature passes and is remembered until its timestamp leaves the window', () => {
  const check = checkSignature(secret, received(signedHeaders(secret, leads, now)), now);
  expect(check).toEqual({
    ok: true,
    signature: signRequest(secret, { timestamp: ts, ...leads }),
    expiresAt: new Date('2026-03-02T15:05:00Z'),
  });
});

test('a body signed for one hook is refused at another path or with another method', () => {
  const headers = signedHeaders(secret, leads, now);
  expect(checkSignature(secret, received(headers, { ...leads, path: '/api/hooks/call-status' }), now)).toEqual({
    ok: false,
    error: 'Bad signature.',
  });
  expect(checkSignature(secret, received(headers, { ...leads, method: 'PUT' }), now).ok).toBe(false);
});

test.each([
  ['a leading zero', `0${ts}`],
  ['a decimal part', `${ts}.0`],
  ['a leading space', ` ${ts}`],
  ['a trailing space', `${ts} `],
  ['a plus sign', `+${ts}`],
])('a timestamp with %s does not verify, though it means the same number', (_what, timestamp) => {
  const headers = signedHeaders(secret, leads, now);
  const check = checkSignature(secret, { ...received(headers), timestamp }, now);
  expect(check.ok).toBe(false);
});

test.each([
  ['exponent notation', '1e9'],
  ['hexadecimal', '0x69a5a570'],
  ['more than 12 digits', '0000000000001772463600'],
  ['nothing', ''],
  ['no header at all', undefined],
])('a timestamp in %s is refused as malformed, even when it is what was signed', (_what, timestamp) => {
  const signature = signRequest(secret, { ...leads, timestamp: timestamp ?? '' });
  const check = checkSignature(secret, { ...leads, timestamp, signature }, now);
  expect(check).toEqual({
    ok: false,
    error: 'Missing or malformed x-porchlight-timestamp: expected Unix seconds, digits only.',
  });
});

test('timestamps more than 300 s away, either way, are stale', () => {
  for (const offset of [-301_000, 301_000]) {
    const at = new Date(now.getTime() + offset);
    const check = checkSignature(secret, received(signedHeaders(secret, leads, at)), now);
    expect(check).toEqual({
      ok: false,
      error: "Stale x-porchlight-timestamp: more than 300 s away from the server's clock.",
    });
  }
  const edge = new Date(now.getTime() - 300_000);
  expect(checkSignature(secret, received(signedHeaders(secret, leads, edge)), now).ok).toBe(true);
});

test('another key, a missing or a malformed signature is a bad signature', () => {
  const headers = signedHeaders(secret, leads, now);
  expect(checkSignature(secret, received(signedHeaders('another-secret-0123', leads, now)), now).ok).toBe(false);
  expect(checkSignature(secret, { ...received(headers), signature: undefined }, now).ok).toBe(false);
  const upper = headers[SIGNATURE_HEADER]?.toUpperCase();
  expect(checkSignature(secret, { ...received(headers), signature: upper }, now).ok).toBe(false);
  expect(checkSignature(secret, received(headers, { ...leads, body: `${body} ` }), now).ok).toBe(false);
});

// --- The guard on the hook path: order of checks, replays and the two limits ---

function hookApp({ configured = true, accepted = 100, failures = 100 } = {}) {
  const time = manualClock(T0);
  const clock = time.clock;
  const guard = {
    secret: configured ? secret : undefined,
    clock,
    replays: memoryReplayGuard({ clock }),
    accepted: { counter: windowCounter({ windowMs: 60_000, clock }), limit: accepted },
    failures: { counter: windowCounter({ windowMs: 60_000, clock }), limit: failures },
  };
  const hooks = hookPath({
    hooks: new Map([
      [
        '/api/hooks/leads',
        {
          bodyLimit: SIGNED_HOOK_BODY_BYTES,
          ...signedHookGuard('/api/hooks/leads', guard),
          handle: async (received: unknown) => ({ status: 200, body: { received } }),
        },
      ],
    ]),
    prefix: '/api/hooks/',
    headers: [],
    addressOf: () => '127.0.0.1',
    logger: pino({ level: 'silent' }),
  });
  const a: RequestListener = (req, res) => {
    if (!hooks(req, res)) res.writeHead(404).end();
  };
  let n = 0;
  /** A fresh, correctly signed request each time (a new body, so a new signature). */
  const signed = (at = clock()) => {
    const raw = JSON.stringify({ externalId: `lead-${++n}` });
    return request(a)
      .post('/api/hooks/leads')
      .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, at))
      .send(raw);
  };
  const forged = () => {
    const raw = JSON.stringify({ externalId: `lead-${++n}` });
    return request(a)
      .post('/api/hooks/leads')
      .set(signedHeaders('not-the-secret-at-all', { method: 'POST', path: '/api/hooks/leads', body: raw }, clock()))
      .send(raw);
  };
  return { app: a, time, signed, forged };
}

test('a correctly signed, fresh body passes and is parsed', async () => {
  const hook = hookApp();
  const raw = JSON.stringify({ callId: 'abc', status: 'calling' });
  const res = await request(hook.app)
    .post('/api/hooks/leads')
    .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, now))
    .send(raw);
  expect(res.status).toBe(200);
  expect(res.body.received).toEqual({ callId: 'abc', status: 'calling' });
});

test('the same signed request sent again is refused as a replay, and stays refused while it is fresh', async () => {
  const hook = hookApp();
  const raw = JSON.stringify({ externalId: 'crm-1' });
  const headers = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, now);
  const send = () => request(hook.app).post('/api/hooks/leads').set(headers).send(raw);
  expect((await send()).status).toBe(200);
  const replay = await send();
  expect(replay.status).toBe(409);
  expect(replay.body.error).toBe(
    'This signed request was already received. Sign every request afresh, with a new timestamp.',
  );
  hook.time.advance(299_000);
  expect((await send()).status).toBe(409);
  // Past the window it is stale, not new again.
  hook.time.advance(2_000);
  expect((await send()).status).toBe(401);
  // The same body signed afresh is a new request.
  const again = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, hook.time.clock());
  expect((await request(hook.app).post('/api/hooks/leads').set(again).send(raw)).status).toBe(200);
});

test('two copies of one signed request sent at once: exactly one passes', async () => {
  const hook = hookApp();
  const raw = JSON.stringify({ externalId: 'crm-1' });
  const headers = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, now);
  const answers = await Promise.all(
    [1, 2, 3].map(() => request(hook.app).post('/api/hooks/leads').set(headers).send(raw)),
  );
  expect(answers.map((res) => res.status).sort()).toEqual([200, 409, 409]);
});

test('bad signatures are limited per address; once over, even a good one waits for the window to pass', async () => {
  const hook = hookApp({ failures: 3 });
  for (let i = 0; i < 3; i++) expect((await hook.forged()).status).toBe(401);
  const limited = await hook.forged();
  expect(limited.status).toBe(429);
  expect(limited.body.error).toBe('Too many requests with bad signatures. Please wait a minute.');
  expect(limited.headers['retry-after']).toBe('60');
  expect((await hook.signed()).status).toBe(429);
  hook.time.advance(60_000);
  expect((await hook.signed()).status).toBe(200);
  expect((await hook.forged()).status).toBe(401);
});

test('correct signatures never count toward the failure limit', async () => {
  const hook = hookApp({ failures: 2 });
  for (let i = 0; i < 20; i++) expect((await hook.signed()).status).toBe(200);
  expect((await hook.forged()).status).toBe(401);
});

test('correctly signed requests have their own limit, which bad signatures do not use up', async () => {
  const hook = hookApp({ accepted: 5, failures: 100 });
  for (let i = 0; i < 10; i++) expect((await hook.forged()).status).toBe(401);
  for (let i = 0; i < 5; i++) expect((await hook.signed()).status).toBe(200);
  const limited = await hook.signed();
  expect(limited.status).toBe(429);
  expect(limited.body.error).toBe('Too many hook requests. Please wait a minute and try again.');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  hook.time.advance(60_000);
  expect((await hook.signed()).status).toBe(200);
});

test('a request refused by the limit is not remembered as seen: the same one passes once the window is over', async () => {
  const hook = hookApp({ accepted: 1 });
  expect((await hook.signed()).status).toBe(200);
  const raw = JSON.stringify({ externalId: 'late' });
  const headers = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, now);
  const send = () => request(hook.app).post('/api/hooks/leads').set(headers).send(raw);
  expect((await send()).status).toBe(429);
  hook.time.advance(60_000);
  expect((await send()).status).toBe(200);
});

test('missing headers are refused', async () => {
  const hook = hookApp();
  const res = await request(hook.app).post('/api/hooks/leads').set('content-type', 'application/json').send('{}');
  expect(res.status).toBe(401);
  expect(res.body.error).toMatch(/^Missing or malformed x-porchlight-timestamp/);
  const noSig = await request(hook.app).post('/api/hooks/leads').set(TIMESTAMP_HEADER, ts).send('{}');
  expect(noSig.status).toBe(401);
  expect(noSig.body.error).toBe('Bad signature.');
});

test('a signed body that is not JSON is 400', async () => {
  const hook = hookApp();
  const raw = '{"externalId":';
  const res = await request(hook.app)
    .post('/api/hooks/leads')
    .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: raw }, now))
    .send(raw);
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('Body must be JSON.');
});

test('without a configured secret every hook call is refused', async () => {
  const hook = hookApp({ configured: false });
  const res = await hook.signed();
  expect(res.status).toBe(503);
  expect(res.body.error).toBe('Hooks are not configured on this server.');
});
