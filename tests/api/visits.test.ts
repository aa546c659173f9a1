import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import { pruneOldData, scheduleMaintenance } from '#server/ops/maintenance.ts';
import { FIELD_REFUSAL_MESSAGE } from '#shared/api-error.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T15:00:00.000Z';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const visit = {
  page: '/blogs',
  referrer: 'https://www.google.com/',
  duration: 42,
  returnVisit: true,
  sourceTag: 'website',
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

// TRUST_PROXY=loopback: supertest connects from 127.0.0.1, which then counts as our proxy.
async function setup(env: Record<string, string> = {}) {
  const time = manualClock(T0);
  const ctx = await createTestApp({ TRUST_PROXY: 'loopback', ...env }, { clock: time.clock });
  open.push(ctx);
  return { ...ctx, time };
}

const rows = (ctx: Awaited<ReturnType<typeof setup>>) =>
  ctx.db.selectFrom('visits').selectAll().orderBy('id').execute();

function post(ctx: Awaited<ReturnType<typeof setup>>, body: string | object, ip = '8.8.8.8') {
  return request(ctx.app).post('/api/visits').set('X-Forwarded-For', ip).set('User-Agent', CHROME).send(body);
}

test('a visit is stored with the address, user agent, time and location the server adds', async () => {
  const ctx = await setup();
  const res = await post(ctx, visit);
  expect(res.status).toBe(204);
  expect(res.text).toBe('');
  const [row, ...more] = await rows(ctx);
  expect(more).toEqual([]);
  expect(row).toMatchObject({
    ip_address: '8.8.8.8',
    timestamp: T0,
    page_visited: '/blogs',
    country: 'US',
    region: 'California',
    city: 'Mountain View',
    user_agent: CHROME,
    referrer: 'https://www.google.com/',
    is_return_visit: 1,
    visit_duration: 42,
    source_tag: 'website',
    calendar_link: 'https://cal.com/porchlight/demo-call',
  });
  expect(row?.latitude).toBeCloseTo(37.42, 1);
  expect(row?.longitude).toBeCloseTo(-122.08, 1);
});

test('a private address is stored with an Unknown location and no coordinates', async () => {
  const ctx = await setup();
  expect((await post(ctx, visit, '10.0.0.1')).status).toBe(204);
  expect((await rows(ctx))[0]).toMatchObject({
    ip_address: '10.0.0.1',
    country: 'Unknown',
    region: 'Unknown',
    city: 'Unknown',
    latitude: null,
    longitude: null,
  });
});

test('X-Forwarded-For from an address that is not a trusted proxy is ignored: the socket address is used', async () => {
  const ctx = await setup({ TRUST_PROXY: '10.0.0.0/8' });
  expect((await post(ctx, visit, '8.8.8.8')).status).toBe(204);
  expect((await rows(ctx))[0]).toMatchObject({ ip_address: '127.0.0.1', country: 'Unknown' });
});

test('the source tag picks the calendar link, and a visit without a tag stores null with the default link', async () => {
  const ctx = await setup({ CAL_TEAM: 'https://cal.com/acme' });
  await post(ctx, { ...visit, sourceTag: 'agent-isa' });
  await post(ctx, { ...visit, sourceTag: 'isa-hq' });
  const { sourceTag: _, ...untagged } = visit;
  await post(ctx, { ...untagged, referrer: 'direct', returnVisit: false });
  expect((await rows(ctx)).map((r) => [r.source_tag, r.calendar_link, r.referrer, r.is_return_visit])).toEqual([
    ['agent-isa', 'https://cal.com/acme/agent-isa', 'https://www.google.com/', 1],
    ['isa-hq', 'https://cal.com/acme/isa-hq', 'https://www.google.com/', 1],
    [null, 'https://cal.com/acme/demo-call', 'direct', 0],
  ]);
});

test('the browser’s visitor id is stored with its visit; anything but an id is dropped and the visit kept', async () => {
  const ctx = await setup();
  const id = '3c9a1f2e-4b5d-4e6f-a718-293a4b5c6d7e';
  for (const visitorId of [id, 'not-an-id', `${id}x`, 42, undefined]) {
    expect((await post(ctx, { ...visit, visitorId })).status).toBe(204);
  }
  expect((await rows(ctx)).map((row) => row.visitor_id)).toEqual([id, null, null, null, null]);
});

test('bad bodies are 400 with a message for each bad field, and nothing is stored', async () => {
  const ctx = await setup();
  const res = await post(ctx, { page: 'blogs', referrer: 'javascript:alert(1)', duration: -5, returnVisit: 'yes' });
  expect(res.status).toBe(400);
  expect(res.body).toEqual({
    error: FIELD_REFUSAL_MESSAGE,
    fieldErrors: {
      page: 'Page must be a path starting with /',
      referrer: "Referrer must be 'direct' or an http(s) URL of at most 1024 characters",
      duration: 'Duration cannot be negative',
      returnVisit: 'Return visit must be true or false',
    },
  });
  expect((await post(ctx, { ...visit, duration: 86_401 })).body.fieldErrors).toEqual({
    duration: 'Duration must be at most 86400 seconds',
  });
  expect((await post(ctx, {})).status).toBe(400);
  expect((await post(ctx, 'page=/blogs')).status).toBe(400);
  expect(await rows(ctx)).toEqual([]);
});

test('malformed JSON is a 400 in JSON', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).post('/api/visits').set('Content-Type', 'application/json').send('{"page":');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'Bad request' });
});

test('a body over 2 kB is refused with 413', async () => {
  const ctx = await setup();
  const res = await post(ctx, { ...visit, referrer: `https://example.com/${'a'.repeat(2100)}` });
  expect(res.status).toBe(413);
  expect(res.body.error).toBe('A visit body must be under 2 kB.');
  expect(await rows(ctx)).toEqual([]);
});

test('with VISITS_TRUNCATE_IP the stored address is truncated, but the location comes from the full one', async () => {
  const ctx = await setup({ VISITS_TRUNCATE_IP: 'true' });
  await post(ctx, visit, '8.8.8.8');
  await post(ctx, visit, '2001:4860:4860::8888');
  const [v4, v6] = await rows(ctx);
  expect(v4).toMatchObject({ ip_address: '8.8.8.0', country: 'US', city: 'Mountain View' });
  expect(v6?.ip_address).toBe('2001:4860:4860::');
  expect(v6?.country).not.toBe('Unknown');
});

test('visits have their own per-address rate limit', async () => {
  const ctx = await setup({ VISITS_RATE_LIMIT_PER_MINUTE: '2' });
  expect((await post(ctx, visit)).status).toBe(204);
  expect((await post(ctx, visit)).status).toBe(204);
  const limited = await post(ctx, visit);
  expect(limited.status).toBe(429);
  expect(limited.body.error).toMatch(/Too many visits/);
  // Another visitor is not affected.
  expect((await post(ctx, visit, '81.2.69.160')).status).toBe(204);
});

test('a long user agent is cut to 512 characters', async () => {
  const ctx = await setup();
  await request(ctx.app)
    .post('/api/visits')
    .set('User-Agent', `Mozilla/5.0 ${'x'.repeat(1000)}`)
    .send(visit);
  expect((await rows(ctx))[0]?.user_agent).toHaveLength(512);
});

async function seedAges(ctx: Awaited<ReturnType<typeof setup>>, ...timestamps: string[]) {
  for (const timestamp of timestamps) {
    await ctx.db
      .insertInto('visits')
      .values({
        ip_address: '8.8.8.8',
        timestamp,
        page_visited: '/',
        country: 'US',
        region: 'California',
        city: 'Mountain View',
        user_agent: CHROME,
        referrer: 'direct',
        is_return_visit: 0,
        visit_duration: 0,
      })
      .execute();
  }
}

test('retention deletes visits older than VISITS_RETENTION_DAYS and keeps the rest', async () => {
  const ctx = await setup();
  // 395 days before T0 is 2025-01-31T15:00:00Z.
  await seedAges(ctx, '2025-01-31T14:59:59.999Z', '2025-01-31T15:00:00.000Z', '2026-03-01T00:00:00.000Z');
  const deleted = await pruneOldData(ctx.db, new Date(T0), ctx.config.visits.retentionDays);
  expect(ctx.config.visits.retentionDays).toBe(395);
  expect(deleted.visits).toBe(1);
  expect((await rows(ctx)).map((r) => r.timestamp)).toEqual(['2025-01-31T15:00:00.000Z', '2026-03-01T00:00:00.000Z']);
});

test('the start-up schedule prunes at once with the configured retention', async () => {
  const ctx = await setup({ VISITS_RETENTION_DAYS: '30' });
  await seedAges(ctx, '2026-01-15T00:00:00.000Z', '2026-02-20T00:00:00.000Z');
  const maintenance = scheduleMaintenance({
    db: ctx.db,
    clock: ctx.time.clock,
    logger: createLogger('silent'),
    retentionDays: ctx.config.visits.retentionDays,
  });
  await maintenance.stop();
  expect((await rows(ctx)).map((r) => r.timestamp)).toEqual(['2026-02-20T00:00:00.000Z']);
});
