import { Writable } from 'node:stream';
import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { builtChunkUrl } from '#tests/support/built-assets.ts';
import { SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>> | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

/** An app whose log lines are kept, parsed, for the test to read; with the build's pages when `pages`. */
async function appWithLog(env: Record<string, string> = {}, level = 'info', { pages = false } = {}) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  ctx = await createTestApp(env, {
    logger: createLogger(level, sink),
    ...(pages ? { pages: await builtPages() } : {}),
  });
  return { app: ctx.app, lines };
}

test('request logs carry the request id and never the cookie, authorization or hook signature', async () => {
  const { app, lines } = await appWithLog({}, 'info', { pages: true });
  const res = await request(app)
    .get('/blogs')
    .set('Cookie', 'porchlight_session=s%3Asecret-session-id')
    .set('Authorization', 'Bearer secret-bearer-token')
    .set('X-Porchlight-Signature', 'sha256=secret-signature');
  expect(res.status).toBe(200);

  const entry = lines.find((line) => line.msg === 'request completed');
  expect(entry).toBeDefined();
  const text = JSON.stringify(entry);
  expect(text).toContain(res.headers['x-request-id']);
  expect(text).toContain('[redacted]');
  for (const secret of ['secret-session-id', 'secret-bearer-token', 'secret-signature']) {
    expect(text).not.toContain(secret);
  }
});

test('an API route that fails answers 500 JSON with a plain message, logs the error and shows no stack', async () => {
  const { app, lines } = await appWithLog(SIGN_IN_ENV);
  const agent = await signedInAgent(app, 'client');
  // The store underneath breaks, as a corrupt or missing table would.
  if (!ctx) throw new Error('no app');
  await sql`drop table lead_volume`.execute(ctx.db);

  const res = await agent.get('/api/dashboard/lead-volume');
  expect(res.status).toBe(500);
  expect(res.type).toBe('application/json');
  expect(res.body).toEqual({ error: 'Something went wrong. Please try again later.' });
  expect(res.text).not.toMatch(/lead_volume|at .*\.ts|SqliteError/);
  expect(lines.some((line) => line.msg === 'request failed' && JSON.stringify(line).includes('lead_volume'))).toBe(
    true,
  );
});

test('a built asset answered ahead of the app gets a request id, and its log line only at debug level', async () => {
  const entry = builtChunkUrl('client/entry-client.tsx');
  const quiet = await appWithLog({}, 'info', { pages: true });
  const res = await request(quiet.app).get(entry).set('X-Request-Id', 'proxy-id-1');
  expect(res.status).toBe(200);
  expect(res.headers['x-request-id']).toBe('proxy-id-1');
  expect(quiet.lines.filter((line) => line.msg === 'request completed')).toEqual([]);
  await ctx?.close();

  const verbose = await appWithLog({}, 'debug', { pages: true });
  const again = await request(verbose.app).get(entry);
  const entryLine = verbose.lines.find((line) => line.msg === 'request completed');
  expect(entryLine).toMatchObject({
    level: 20,
    req: { id: again.headers['x-request-id'], method: 'GET', url: entry },
    res: { statusCode: 200 },
  });
});

test('a form sent to this server under another name than SITE_URL is refused, and the log says once what to set', async () => {
  const { app, lines } = await appWithLog({ SITE_URL: 'http://localhost:3000' });
  const siteUrlWarnings = () => lines.filter((line) => String(line.msg).includes('SITE_URL'));
  // A page elsewhere posting here is a forgery, not this server under another name: nothing to tell the operator.
  const forged = await request(app).post('/api/contact').set('Origin', 'https://evil.example').send({});
  expect(forged.status).toBe(403);
  expect(siteUrlWarnings()).toEqual([]);
  const send = () =>
    request(app)
      .post('/api/contact')
      .set('Host', 'localhost:4000')
      .set('Origin', 'http://localhost:4000')
      .set('Sec-Fetch-Site', 'same-origin')
      .send({});
  expect((await send()).status).toBe(403);
  expect((await send()).status).toBe(403);
  expect(siteUrlWarnings()).toHaveLength(1);
  expect(siteUrlWarnings()[0]?.msg).toContain('set SITE_URL=http://localhost:4000');
});

test("a consent receipt's token never reaches the request log, whatever the receipt's page answers", async () => {
  const { app, lines } = await appWithLog();
  const token = 'a'.repeat(43);
  await request(app).get(`/consent/${token}`);
  await request(app).get(`/consent/${token}/stop`);
  const logged = lines.filter((line) => JSON.stringify(line).includes('/consent/'));
  expect(logged.length).toBeGreaterThanOrEqual(2);
  expect(JSON.stringify(lines)).not.toContain(token);
});

test("the hero's number, sent by a browser running no script as the home page's query, never reaches the log", async () => {
  const { app, lines } = await appWithLog({}, 'debug', { pages: true });
  const res = await request(app).get('/?phone=%2B1+%28210%29+555-0199');
  expect(res.status).toBe(200);
  const logged = lines.filter((line) => JSON.stringify(line).includes('phone='));
  expect(logged.length).toBeGreaterThanOrEqual(1);
  expect(JSON.stringify(lines)).not.toMatch(/210\D{0,6}555\D{0,6}0199/);
});
