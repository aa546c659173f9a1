import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { type SessionRole, TOO_MANY_SIGN_INS } from '#shared/session-schema.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { PASSWORDS, SIGN_IN_ENV } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T15:00:00.000Z';
const MINUTE = 60_000;
const WRONG = 'not-the-password';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

/**
 * TRUST_PROXY=loopback: supertest connects from 127.0.0.1, which then counts as a proxy, so X-Forwarded-For
 * names the client address. The pauses after failures are recorded, not waited out.
 */
async function setup(env: Record<string, string> = {}) {
  const time = manualClock(T0);
  const waits: number[] = [];
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  const ctx = await createTestApp({ ...SIGN_IN_ENV, TRUST_PROXY: 'loopback', ...env }, { clock: time.clock, sleep });
  open.push(ctx);
  /** Signs in from `address`; returns the status and the pauses this attempt waited. */
  const signIn = async (role: SessionRole, password: string, address = '198.51.100.1') => {
    const before = waits.length;
    const res = await request(ctx.app).post('/api/session').set('X-Forwarded-For', address).send({ role, password });
    return { status: res.status, body: res.body, headers: res.headers, waited: waits.slice(before) };
  };
  return { ...ctx, time, waits, signIn };
}

test('after five wrong passwords from one address, it is refused that role for 15 minutes, even with the password', async () => {
  const ctx = await setup();
  for (let i = 0; i < 5; i++) expect((await ctx.signIn('client', WRONG)).status).toBe(401);
  const locked = await ctx.signIn('client', PASSWORDS.client);
  expect(locked.status).toBe(429);
  expect(locked.body.error).toBe(TOO_MANY_SIGN_INS);
  expect(locked.body.error).toBe('Too many sign-in attempts. Please wait 15 minutes and try again.');
  expect(locked.headers['retry-after']).toBe('900');
  expect(await ctx.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

  ctx.time.advance(10 * MINUTE);
  const later = await ctx.signIn('client', PASSWORDS.client);
  expect(later.status).toBe(429);
  expect(later.headers['retry-after']).toBe('300');
  // The window opened with the first failure; once it has passed, the address starts again.
  ctx.time.advance(5 * MINUTE);
  expect((await ctx.signIn('client', PASSWORDS.client)).status).toBe(200);
});

test('wrong passwords for analytics do not lock the client dashboard from the same address, nor the other way', async () => {
  const ctx = await setup();
  for (let i = 0; i < 6; i++) await ctx.signIn('analytics', WRONG);
  expect((await ctx.signIn('analytics', PASSWORDS.analytics)).status).toBe(429);
  expect((await ctx.signIn('client', PASSWORDS.client)).status).toBe(200);

  for (let i = 0; i < 6; i++) await ctx.signIn('client', WRONG, '198.51.100.2');
  expect((await ctx.signIn('client', PASSWORDS.client, '198.51.100.2')).status).toBe(429);
  expect((await ctx.signIn('analytics', PASSWORDS.analytics, '198.51.100.2')).status).toBe(200);
});

test("an attacker's locked address does not lock the operator out from another address", async () => {
  const ctx = await setup();
  const attacker = '203.0.113.66';
  for (let i = 0; i < 20; i++) await ctx.signIn('client', `guess-${i}-xyz`, attacker);
  expect((await ctx.signIn('client', PASSWORDS.client, attacker)).status).toBe(429);
  expect((await ctx.signIn('client', PASSWORDS.client, '192.0.2.10')).status).toBe(200);
  expect((await ctx.signIn('client', PASSWORDS.client, '2001:db8:5::1')).status).toBe(200);
});

test('with TRUST_PROXY=1 a forged X-Forwarded-For changes nothing: the address the proxy adds is counted', async () => {
  const ctx = await setup({ TRUST_PROXY: '1' });
  // The client writes any address it likes; the one proxy in front appends the address it saw.
  const forged = (i: number) => `10.9.${i}.1, 203.0.113.7`;
  for (let i = 0; i < 5; i++) expect((await ctx.signIn('client', WRONG, forged(i))).status).toBe(401);
  expect((await ctx.signIn('client', PASSWORDS.client, forged(99))).status).toBe(429);
  expect((await ctx.signIn('analytics', PASSWORDS.analytics, forged(100))).status).toBe(200);
  expect((await ctx.signIn('client', PASSWORDS.client, '10.9.0.1, 192.0.2.44')).status).toBe(200);
});

test('each wrong password doubles the pause before the answer, up to the cap; the right password waits for nothing', async () => {
  const ctx = await setup({
    LOGIN_ATTEMPTS_PER_15_MIN: '10',
    LOGIN_FAILURE_DELAY_MS: '100',
    LOGIN_FAILURE_MAX_DELAY_MS: '500',
  });
  const waited: number[][] = [];
  for (let i = 0; i < 6; i++) waited.push((await ctx.signIn('client', WRONG)).waited);
  expect(waited).toEqual([[100], [200], [400], [500], [500], [500]]);
  // Another address starts from the first step.
  expect((await ctx.signIn('client', WRONG, '192.0.2.10')).waited).toEqual([100]);
  const right = await ctx.signIn('client', PASSWORDS.client);
  expect(right.status).toBe(200);
  expect(right.waited).toEqual([]);
});

test('the right password starts its address again: earlier typos no longer count', async () => {
  const ctx = await setup({ LOGIN_ATTEMPTS_PER_15_MIN: '3', LOGIN_FAILURE_DELAY_MS: '100' });
  for (let round = 0; round < 3; round++) {
    expect((await ctx.signIn('client', WRONG)).waited).toEqual([100]);
    expect((await ctx.signIn('client', WRONG)).waited).toEqual([200]);
    expect((await ctx.signIn('client', PASSWORDS.client)).status).toBe(200);
  }
});

test('guesses sent side by side cannot all slip in under the limit', async () => {
  const ctx = await setup({ LOGIN_ATTEMPTS_PER_15_MIN: '3' });
  const answers = await Promise.all(Array.from({ length: 10 }, () => ctx.signIn('client', WRONG)));
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
});

test('guessing from many addresses slows every sign-in to that role, but never refuses one', async () => {
  const ctx = await setup({
    LOGIN_ROLE_FAILURES_PER_15_MIN: '3',
    LOGIN_FAILURE_DELAY_MS: '100',
    LOGIN_FAILURE_MAX_DELAY_MS: '1000',
  });
  const attempts = [];
  for (let i = 1; i <= 40; i++) attempts.push(await ctx.signIn('client', WRONG, `203.0.113.${i}`));
  expect(attempts.map((attempt) => attempt.status)).toEqual(Array(40).fill(401));
  // Each address failed once (100 ms after); from the third failure on, every attempt also waits first.
  expect(attempts.slice(0, 7).map((attempt) => attempt.waited)).toEqual([
    [100],
    [100],
    [100],
    [100, 100],
    [200, 100],
    [400, 100],
    [800, 100],
  ]);
  expect(attempts.at(-1)?.waited).toEqual([1000, 100]);

  // The operator, from an address of their own, still signs in, only later.
  const operator = await ctx.signIn('client', PASSWORDS.client, '192.0.2.10');
  expect(operator.status).toBe(200);
  expect(operator.waited).toEqual([1000]);
  // The other role is not slowed, and the slowdown ends with the window.
  expect((await ctx.signIn('analytics', PASSWORDS.analytics, '192.0.2.10')).waited).toEqual([]);
  ctx.time.advance(15 * MINUTE);
  expect((await ctx.signIn('client', PASSWORDS.client, '192.0.2.11')).waited).toEqual([]);
});

test('without an injected pause a wrong password is answered no sooner than LOGIN_FAILURE_DELAY_MS', async () => {
  // Real timers: an answer before the pause is impossible, so only that lower bound is checked; Node counts
  // timers in whole milliseconds, hence the one millisecond of slack.
  const DELAY_MS = 300;
  const ctx = await createTestApp({ ...SIGN_IN_ENV, LOGIN_FAILURE_DELAY_MS: String(DELAY_MS) });
  open.push(ctx);
  const started = performance.now();
  const res = await request(ctx.app).post('/api/session').send({ role: 'client', password: WRONG });
  expect(res.status).toBe(401);
  expect(performance.now() - started).toBeGreaterThanOrEqual(DELAY_MS - 1);
});
