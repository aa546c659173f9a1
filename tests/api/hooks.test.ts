import { Writable } from 'node:stream';
import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { signedHeaders } from '#server/hooks/signing.ts';
import { createLogger } from '#server/logger.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T18:00:00.000Z';
const HOOK_SECRET = 'a-hook-secret-of-some-length';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

async function setup(env: Record<string, string> = {}, logLevel = 'silent') {
  const time = manualClock(T0);
  const logged: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logged.push(JSON.parse(line));
      callback();
    },
  });
  const logger = createLogger(logLevel, sink);
  const ctx = await createTestApp({ HOOK_SECRET, ...env }, { clock: time.clock, logger });
  open.push(ctx);
  /** Posts `payload` to `path`, signed as the automation does for `signedFor` (the same path unless a test says). */
  const hook = (path: string, payload: unknown, { signedFor = path, secret = HOOK_SECRET } = {}) => {
    const body = JSON.stringify(payload);
    return request(ctx.app)
      .post(path)
      .set(signedHeaders(secret, { method: 'POST', path: signedFor, body }, time.clock()))
      .send(body);
  };
  const leadCount = async () => (await ctx.db.selectFrom('lead_volume').select('id').execute()).length;
  const callStatus = async (callId: string) =>
    (await ctx.db.selectFrom('call_notifications').select('status').where('id', '=', callId).executeTakeFirstOrThrow())
      .status;
  return { ...ctx, time, hook, leadCount, callStatus, logged };
}

test('the automation is not held to the browsers’ API limit: 130 signed callbacks in a minute all succeed', async () => {
  const ctx = await setup({ API_RATE_LIMIT_PER_MINUTE: '5' });
  const created = await request(ctx.app).post('/api/demo-calls').send(form);
  expect(created.status).toBe(201);
  // The browsers' API is used up for this address...
  for (let i = 0; i < 4; i++) await request(ctx.app).get('/api/nothing');
  expect((await request(ctx.app).get('/api/nothing')).status).toBe(429);

  // ...while the automation, from the same address, reports 130 leads and moves the call on.
  const statuses: number[] = [];
  for (let i = 0; i < 130; i++) {
    statuses.push((await ctx.hook('/api/hooks/leads', { externalId: `crm-${i}` })).status);
  }
  expect(statuses.filter((status) => status !== 200)).toEqual([]);
  expect(await ctx.leadCount()).toBe(130);
  const moved = await ctx.hook('/api/hooks/call-status', { callId: created.body.callId, status: 'calling' });
  expect(moved.status).toBe(200);
  expect(moved.headers.ratelimit).toBeUndefined();
  expect(await ctx.callStatus(created.body.callId)).toBe('calling');
  expect((await request(ctx.app).get('/api/nothing')).status).toBe(429);
});

test('hooks take no same-origin rule: a server-to-server call with a foreign Origin still counts if signed', async () => {
  const ctx = await setup();
  const body = JSON.stringify({ externalId: 'crm-1' });
  const res = await request(ctx.app)
    .post('/api/hooks/leads')
    .set(signedHeaders(HOOK_SECRET, { method: 'POST', path: '/api/hooks/leads', body }, ctx.time.clock()))
    .set('Origin', 'https://automation.example')
    .set('Sec-Fetch-Site', 'cross-site')
    .send(body);
  expect(res.status).toBe(200);
  expect(await ctx.leadCount()).toBe(1);
});

test('correctly signed hooks have their own limit per address (HOOK_RATE_LIMIT_PER_MINUTE)', async () => {
  const ctx = await setup({ HOOK_RATE_LIMIT_PER_MINUTE: '3' });
  for (let i = 0; i < 3; i++) expect((await ctx.hook('/api/hooks/leads', { externalId: `crm-${i}` })).status).toBe(200);
  const limited = await ctx.hook('/api/hooks/leads', { externalId: 'crm-3' });
  expect(limited.status).toBe(429);
  expect(limited.body.error).toBe('Too many hook requests. Please wait a minute and try again.');
  expect(limited.headers['retry-after']).toBe('60');
  expect(await ctx.leadCount()).toBe(3);
  ctx.time.advance(60_000);
  expect((await ctx.hook('/api/hooks/leads', { externalId: 'crm-3' })).status).toBe(200);
});

test('bad signatures are limited per address (60 a minute by default), then refused unchecked', async () => {
  const ctx = await setup();
  const forged = (i: number) =>
    ctx.hook('/api/hooks/leads', { externalId: `forged-${i}` }, { secret: 'a-guessed-secret-0123456789' });
  for (let i = 0; i < 60; i++) expect((await forged(i)).status).toBe(401);
  const limited = await forged(60);
  expect(limited.status).toBe(429);
  expect(limited.body.error).toBe('Too many requests with bad signatures. Please wait a minute.');
  // Unsigned or stale requests are failures too, and the address is refused before any check.
  expect((await request(ctx.app).post('/api/hooks/call-status').send({})).status).toBe(429);
  expect((await ctx.hook('/api/hooks/leads', { externalId: 'real' })).status).toBe(429);
  expect(await ctx.leadCount()).toBe(0);

  ctx.time.advance(60_000);
  expect((await ctx.hook('/api/hooks/leads', { externalId: 'real' })).status).toBe(200);
  expect(await ctx.leadCount()).toBe(1);
});

test('a body signed for one hook is refused by the other', async () => {
  const ctx = await setup();
  const created = await request(ctx.app).post('/api/demo-calls').send(form);
  const callId: string = created.body.callId;
  const misplaced = await ctx.hook(
    '/api/hooks/call-status',
    { callId, status: 'failed' },
    { signedFor: '/api/hooks/leads' },
  );
  expect(misplaced.status).toBe(401);
  expect(misplaced.body.error).toBe('Bad signature.');
  expect(await ctx.callStatus(callId)).toBe('preparing');

  const other = await ctx.hook('/api/hooks/leads', { externalId: 'crm-1' }, { signedFor: '/api/hooks/call-status' });
  expect(other.status).toBe(401);
  expect(await ctx.leadCount()).toBe(0);
});

test('a signed request played again is refused with 409 and changes nothing', async () => {
  const ctx = await setup();
  const created = await request(ctx.app).post('/api/demo-calls').send(form);
  const callId: string = created.body.callId;
  const body = JSON.stringify({ callId, status: 'calling' });
  const headers = signedHeaders(
    HOOK_SECRET,
    { method: 'POST', path: '/api/hooks/call-status', body },
    ctx.time.clock(),
  );
  const send = () => request(ctx.app).post('/api/hooks/call-status').set(headers).send(body);
  expect((await send()).status).toBe(200);
  ctx.time.advance(120_000);
  const replay = await send();
  expect(replay.status).toBe(409);
  expect(replay.body).toEqual({
    error: 'This signed request was already received. Sign every request afresh, with a new timestamp.',
  });
  // A fresh signature moves the call on as usual.
  expect((await ctx.hook('/api/hooks/call-status', { callId, status: 'completed' })).status).toBe(200);
  expect(await ctx.callStatus(callId)).toBe('completed');
});

test('a timestamp spelled another way does not carry its signature over', async () => {
  const ctx = await setup();
  const body = JSON.stringify({ externalId: 'crm-1' });
  const headers = signedHeaders(HOOK_SECRET, { method: 'POST', path: '/api/hooks/leads', body }, ctx.time.clock());
  const ts = headers['x-porchlight-timestamp'];
  for (const spelled of [`0${ts}`, `${ts}.0`, '1e9', `${ts}0`]) {
    const res = await request(ctx.app)
      .post('/api/hooks/leads')
      .set({ ...headers, 'x-porchlight-timestamp': spelled })
      .send(body);
    expect(res.status).toBe(401);
  }
  expect(await ctx.leadCount()).toBe(0);
});

test('hook answers carry the security headers every other answer has, and an unknown hook path is a JSON 404', async () => {
  const ctx = await setup();
  const page = await request(ctx.app).get('/api/nothing');
  const answer = await ctx.hook('/api/hooks/leads', { externalId: 'crm-1' });
  expect(answer.status).toBe(200);
  for (const name of ['content-security-policy', 'x-content-type-options', 'x-frame-options', 'permissions-policy']) {
    expect(answer.headers[name], name).toBeTruthy();
  }
  // The same policy as the API's, without the nonce a page needs for its inline scripts.
  expect(answer.headers['content-security-policy']).not.toMatch(/nonce-/);
  expect(answer.headers['x-frame-options']).toBe(page.headers['x-frame-options']);
  expect(answer.headers['x-request-id']).toBeTruthy();

  const unknown = await ctx.hook('/api/hooks/nothing', {});
  expect(unknown.status).toBe(404);
  expect(unknown.body.error).toBeTruthy();
});

test('a hook answers at its path in any case and with a trailing slash; another method is 405 with Allow', async () => {
  const ctx = await setup();
  expect((await ctx.hook('/API/Hooks/Leads/', { externalId: 'crm-1' }, { signedFor: '/api/hooks/leads' })).status).toBe(
    200,
  );
  expect(await ctx.leadCount()).toBe(1);

  const got = await request(ctx.app).get('/api/hooks/leads');
  expect(got.status).toBe(405);
  expect(got.headers.allow).toBe('POST');
  expect(got.body.error).toBe('Hooks take POST only.');
});

test('a hook whose store fails answers 500 JSON without detail, and the log has the error; each answer is logged at its level', async () => {
  const ctx = await setup({}, 'debug');
  const accepted = await ctx.hook('/api/hooks/leads', { externalId: 'crm-1' });
  expect(accepted.status).toBe(200);
  const refused = await ctx.hook('/api/hooks/leads', { externalId: 'crm-2' }, { secret: 'not-the-hook-secret' });
  expect(refused.status).toBe(401);
  await sql`drop table lead_volume`.execute(ctx.db);
  const failed = await ctx.hook('/api/hooks/leads', { externalId: 'crm-3' });
  expect(failed.status).toBe(500);
  expect(failed.body).toEqual({ error: 'Something went wrong. Please try again later.' });
  expect(failed.text).not.toMatch(/lead_volume|at .*\.ts|SqliteError/);

  // pino's levels: 20 debug, 30 info, 50 error. The request id ties each line to its answer.
  const levelOf = (id: string | undefined, msg: string) =>
    ctx.logged.find((line) => line.msg === msg && id !== undefined && JSON.stringify(line).includes(id))?.level;
  expect(levelOf(accepted.headers['x-request-id'], 'request completed')).toBe(20);
  expect(levelOf(refused.headers['x-request-id'], 'request completed')).toBe(30);
  expect(levelOf(failed.headers['x-request-id'], 'request failed')).toBe(50);
  expect(JSON.stringify(ctx.logged)).toContain('lead_volume');
  // The signature is never logged.
  expect(JSON.stringify(ctx.logged)).not.toMatch(/x-porchlight-signature|sha256=/i);
});
