import crypto from 'node:crypto';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import {
  cookieBrowser,
  cookiePair,
  PASSWORDS,
  SIGN_IN_ENV,
  sessionIdIn,
  setCookies,
  signedCookieValue,
  signedInAgent,
} from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T15:00:00.000Z';
const HOUR = 3_600_000;

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

async function setup(env: Record<string, string> = {}) {
  const time = manualClock(T0);
  const ctx = await createTestApp({ ...SIGN_IN_ENV, ...env }, { clock: time.clock });
  open.push(ctx);
  return { ...ctx, time };
}

const sessionRows = (ctx: Awaited<ReturnType<typeof setup>>) =>
  ctx.db.selectFrom('sessions').selectAll().orderBy('created_at').execute();

test('signing in sets a signed __Host- cookie: Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ role: 'client', expiresAt: '2026-03-03T03:00:00.000Z' });

  const [cookie = '', ...others] = setCookies(res);
  expect(others).toEqual([]);
  // cookie-parser's signed form: "s:" + value + "." + HMAC, URL-encoded.
  expect(cookie).toMatch(/^__Host-porchlight_session_client=s%3A[\w-]{43}\.[\w%+/-]+; /);
  const attributes = cookie.split('; ').slice(1);
  expect(attributes).toEqual(
    expect.arrayContaining(['Max-Age=43200', 'Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']),
  );
  expect(attributes.filter((attribute) => /^domain=/i.test(attribute))).toEqual([]);

  const rows = await sessionRows(ctx);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ role: 'client', expires_at: '2026-03-03T03:00:00.000Z' });
});

test('the cookie is Secure on a plain-http SITE_URL too, in development as in production, and so is its clearing', async () => {
  for (const NODE_ENV of ['development', 'production']) {
    const ctx = await setup({ NODE_ENV, SITE_URL: 'http://localhost:3000' });
    const browser = cookieBrowser(ctx.app);
    const res = await browser.post('/api/session').send({ role: 'analytics', password: PASSWORDS.analytics });
    expect(res.status).toBe(200);
    expect(setCookies(res)[0]).toMatch(/^__Host-porchlight_session_analytics=s%3A.*; Secure; SameSite=Strict$/);
    const cleared = setCookies(await browser.delete('/api/session?role=analytics'))[0];
    expect(cleared).toMatch(/^__Host-porchlight_session_analytics=; .*; Secure; SameSite=Strict$/);
  }
});

test('the session cookie of the old name opens nothing', async () => {
  const SESSION_SECRET = 'a-session-secret-of-at-least-32-chars';
  const ctx = await setup({ SESSION_SECRET });
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  const value = signedCookieValue(sessionIdIn(setCookies(res)[0] ?? ''), SESSION_SECRET);
  const session = (cookie: string) => request(ctx.app).get('/api/session').set('Cookie', cookie);
  expect((await session(`__Host-porchlight_session_client=${value}`)).body).toEqual({ roles: ['client'] });
  expect((await session(`porchlight_session_client=${value}`)).body).toEqual({ roles: [] });
});

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

test('the sessions table keeps only a hash of each id: a copy of the database and the secret opens nothing', async () => {
  const SESSION_SECRET = 'a-session-secret-that-leaked-with-the-database';
  const ctx = await setup({ SESSION_SECRET });
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  const id = sessionIdIn(setCookies(res)[0] ?? '');
  const rows = await sessionRows(ctx);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.id_hash).toBe(sha256(id));
  expect(JSON.stringify(rows)).not.toContain(id);

  // Whatever the table holds, signed with the real secret, is no session.
  for (const stored of Object.values(rows[0] ?? {})) {
    const cookie = `__Host-porchlight_session_client=${signedCookieValue(String(stored), SESSION_SECRET)}`;
    expect((await request(ctx.app).get('/api/session').set('Cookie', cookie)).body).toEqual({ roles: [] });
  }
  // The id itself, as the operator's cookie carries it, still is.
  const real = `__Host-porchlight_session_client=${signedCookieValue(id, SESSION_SECRET)}`;
  expect((await request(ctx.app).get('/api/session').set('Cookie', real)).body).toEqual({ roles: ['client'] });
});

test('GET /api/session names the roles this browser holds', async () => {
  const ctx = await setup();
  expect((await request(ctx.app).get('/api/session')).body).toEqual({ roles: [] });
  const agent = await signedInAgent(ctx.app, 'analytics');
  expect((await agent.get('/api/session')).body).toEqual({ roles: ['analytics'] });
  await agent.post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  expect((await agent.get('/api/session')).body).toEqual({ roles: ['client', 'analytics'] });
});

test('a cookie whose signature does not hold is ignored', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  const id = sessionIdIn(setCookies(res)[0] ?? '');
  const forged = `__Host-porchlight_session_client=s%3A${id}.forgedsignature`;
  const unsigned = `__Host-porchlight_session_client=${id}`;
  for (const cookie of [forged, unsigned]) {
    expect((await request(ctx.app).get('/api/session').set('Cookie', cookie)).body).toEqual({ roles: [] });
  }
});

test('a wrong password is 401 with a message and opens nothing', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: PASSWORDS.analytics });
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('Incorrect password. Please try again.');
  expect(setCookies(res)).toEqual([]);
  expect(await sessionRows(ctx)).toEqual([]);
});

test('a malformed sign-in is 400 with a message per field', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).post('/api/session').send({ role: 'admin', password: '' });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual({
    role: "Role must be 'client', 'analytics' or 'operator'",
    password: 'Password is required',
  });
});

test('a role without a configured password cannot sign in, and says why', async () => {
  const time = manualClock(T0);
  const ctx = await createTestApp({ ANALYTICS_PASSWORD: PASSWORDS.analytics }, { clock: time.clock });
  open.push(ctx);
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: 'anything-at-all' });
  expect(res.status).toBe(503);
  expect(res.body.error).toBe(
    'Sign-in to the client dashboard is not set up on this server (CLIENT_DASHBOARD_PASSWORD).',
  );
});

test('the lead inbox has its own role and password: OPERATOR_PASSWORD, and no other role password opens it', async () => {
  const ctx = await setup();
  const wrong = await request(ctx.app).post('/api/session').send({ role: 'operator', password: PASSWORDS.analytics });
  expect(wrong.status).toBe(401);
  const res = await request(ctx.app).post('/api/session').send({ role: 'operator', password: PASSWORDS.operator });
  expect(res.status).toBe(200);
  expect(setCookies(res)[0]).toMatch(/^__Host-porchlight_session_operator=s%3A/);

  const unset = await createTestApp({ ANALYTICS_PASSWORD: PASSWORDS.analytics }, { clock: manualClock(T0).clock });
  open.push(unset);
  const refused = await request(unset.app).post('/api/session').send({ role: 'operator', password: 'anything-at-all' });
  expect(refused.status).toBe(503);
  expect(refused.body.error).toBe('Sign-in to the lead inbox is not set up on this server (OPERATOR_PASSWORD).');
});

test('a session ends at its expiry time by the injected clock, and its row is pruned', async () => {
  const ctx = await setup({ SESSION_TTL_HOURS: '12' });
  const agent = await signedInAgent(ctx.app, 'client');

  ctx.time.advance(12 * HOUR - 1000);
  expect((await agent.get('/api/session')).body).toEqual({ roles: ['client'] });
  expect((await agent.get('/api/dashboard/lead-volume')).status).toBe(200);

  ctx.time.advance(1000);
  expect((await agent.get('/api/dashboard/lead-volume')).status).toBe(401);
  expect((await agent.get('/api/session')).body).toEqual({ roles: [] });
  expect(await sessionRows(ctx)).toEqual([]);
});

test('signing in prunes other expired sessions', async () => {
  const ctx = await setup();
  await signedInAgent(ctx.app, 'client');
  await signedInAgent(ctx.app, 'analytics');
  ctx.time.advance(13 * HOUR);
  await signedInAgent(ctx.app, 'client');
  const rows = await sessionRows(ctx);
  expect(rows.map((r) => r.expires_at)).toEqual(['2026-03-03T16:00:00.000Z']);
});

/** Signs in with a fresh agent; returns the agent and the cookie pair it received, for replaying later. */
async function signIn(ctx: Awaited<ReturnType<typeof setup>>, role: 'client' | 'analytics' = 'client') {
  const agent = cookieBrowser(ctx.app);
  const res = await agent.post('/api/session').send({ role, password: PASSWORDS[role] });
  expect(res.status).toBe(200);
  const pair = cookiePair(setCookies(res)[0] ?? '');
  return { agent, pair };
}

test('signing out deletes the session and clears the cookie; a copy of the old cookie opens nothing', async () => {
  const ctx = await setup();
  const { agent, pair } = await signIn(ctx);
  expect((await request(ctx.app).get('/api/dashboard/lead-volume').set('Cookie', pair)).status).toBe(200);

  const res = await agent.delete('/api/session');
  expect(res.status).toBe(204);
  const cleared = setCookies(res).find((c) => c.startsWith('__Host-porchlight_session_client='));
  expect(cleared).toBe(
    '__Host-porchlight_session_client=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; Secure; SameSite=Strict',
  );
  expect(await sessionRows(ctx)).toEqual([]);
  expect((await agent.get('/api/session')).body).toEqual({ roles: [] });
  expect((await request(ctx.app).get('/api/dashboard/lead-volume').set('Cookie', pair)).status).toBe(401);
});

test('signing out of one role keeps the other', async () => {
  const ctx = await setup();
  const agent = await signedInAgent(ctx.app, 'client', 'analytics');
  expect((await agent.delete('/api/session?role=client')).status).toBe(204);
  expect((await agent.get('/api/session')).body).toEqual({ roles: ['analytics'] });
  expect((await agent.delete('/api/session?role=owner')).status).toBe(400);
});

test('signing in again rotates the session: a new id, and the previous one is deleted', async () => {
  const ctx = await setup();
  const { agent, pair: first } = await signIn(ctx);
  const [firstRow] = await sessionRows(ctx);

  const again = await agent.post('/api/session').send({ role: 'client', password: PASSWORDS.client });
  expect(again.status).toBe(200);
  const second = cookiePair(setCookies(again)[0] ?? '');
  expect(second).not.toBe(first);
  const rows = await sessionRows(ctx);
  expect(rows).toHaveLength(1);
  expect(rows[0]?.id_hash).not.toBe(firstRow?.id_hash);
  expect(rows[0]?.id_hash).toBe(sha256(sessionIdIn(second)));

  expect((await request(ctx.app).get('/api/dashboard/lead-volume').set('Cookie', second)).status).toBe(200);
  expect((await request(ctx.app).get('/api/dashboard/lead-volume').set('Cookie', first)).status).toBe(401);
});

test('the API refuses a sign-in posted from another site', async () => {
  const ctx = await setup();
  const res = await request(ctx.app)
    .post('/api/session')
    .set('Origin', 'https://evil.example')
    .set('Sec-Fetch-Site', 'cross-site')
    .send({ role: 'client', password: PASSWORDS.client });
  expect(res.status).toBe(403);
});

test('a sign-in from a page of SITE_URL passes the origin check', async () => {
  const ctx = await setup({ SITE_URL: 'https://porchlight.example' });
  const res = await request(ctx.app)
    .post('/api/session')
    .set('Origin', 'https://porchlight.example')
    .set('Sec-Fetch-Site', 'same-origin')
    .send({ role: 'client', password: PASSWORDS.client });
  expect(res.status).toBe(200);
});

test('an Origin that only matches the request Host is refused: after DNS rebinding both name the attacker', async () => {
  const ctx = await setup({ SITE_URL: 'https://porchlight.example' });
  const res = await request(ctx.app)
    .post('/api/session')
    .set('Host', 'rebound.example')
    .set('Origin', 'http://rebound.example')
    .set('Sec-Fetch-Site', 'same-origin')
    .send({ role: 'client', password: PASSWORDS.client });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: 'Requests must come from this site.' });
  expect(setCookies(res)).toEqual([]);
});

test.each([
  ['null'],
  ['https://porchlight.example/'],
  ['https://porchlight.example:8443'],
  ['http://porchlight.example'],
  ['http://[::1'],
  ['%%%'],
])('Origin %s is refused with 403, not an error', async (origin) => {
  const ctx = await setup({ SITE_URL: 'https://porchlight.example' });
  const res = await request(ctx.app)
    .post('/api/session')
    .set('Origin', origin)
    .send({ role: 'client', password: PASSWORDS.client });
  expect(res.status).toBe(403);
  expect(res.body).toEqual({ error: 'Requests must come from this site.' });
});
