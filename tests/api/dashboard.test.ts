import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { signedHeaders } from '#server/hooks/signing.ts';
import { seedLeads } from '#tests/support/inbox-leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-15T12:00:00.000Z';
const HOOK_SECRET = 'hook-secret-for-tests-0123456789';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

async function setup(env: Record<string, string> = {}) {
  const time = manualClock(T0);
  const ctx = await createTestApp({ ...SIGN_IN_ENV, HOOK_SECRET, ...env }, { clock: time.clock });
  open.push(ctx);
  return { ...ctx, time };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

/** Posts to the leads hook signed as the automation would, at the test clock's time. */
function reportLeads(ctx: Ctx, payload: unknown, secret = HOOK_SECRET) {
  const body = JSON.stringify(payload);
  return request(ctx.app)
    .post('/api/hooks/leads')
    .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body }, ctx.time.clock()))
    .send(body);
}

test('the lead volume needs the client role: 401 without a session, which no cache keeps either', async () => {
  const ctx = await setup();
  const res = await request(ctx.app).get('/api/dashboard/lead-volume');
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ error: 'Please sign in to continue.' });
  expect(res.headers['cache-control']).toBe('no-store');
});

test('an analytics session does not open the client dashboard', async () => {
  const ctx = await setup();
  const agent = await signedInAgent(ctx.app, 'analytics');
  expect((await agent.get('/api/dashboard/lead-volume')).status).toBe(401);
});

test('the total counts leads received in the current UTC month only', async () => {
  const ctx = await setup();
  const res = await reportLeads(ctx, [
    { externalId: 'feb-last', receivedAt: '2026-02-28T23:59:59.999Z' },
    { externalId: 'mar-first', receivedAt: '2026-03-01T00:00:00.000Z' },
    // 20:30 on 31 March in Chicago is already 1 April in UTC.
    { externalId: 'apr-by-utc', receivedAt: '2026-03-31T20:30:00-05:00' },
    { externalId: 'mar-offset', receivedAt: '2026-03-31T18:00:00-05:00' },
    { externalId: 'mar-now' },
  ]);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ inserted: 5, duplicate: 0 });

  const agent = await signedInAgent(ctx.app, 'client');
  const volume = await agent.get('/api/dashboard/lead-volume');
  expect(volume.status).toBe(200);
  expect(volume.headers['cache-control']).toBe('no-store');
  expect(volume.body).toEqual({ total: 3, captured: 0, month: 3, year: 2026, updatedAt: T0 });

  // Next month by the injected clock: only the lead that fell into April (UTC) counts.
  ctx.time.set('2026-04-02T08:00:00.000Z');
  const april = await signedInAgent(ctx.app, 'client');
  expect((await april.get('/api/dashboard/lead-volume')).body).toEqual({
    total: 1,
    captured: 0,
    month: 4,
    year: 2026,
    updatedAt: '2026-04-02T08:00:00.000Z',
  });
});

test('with no leads the month reads zero', async () => {
  const ctx = await setup();
  const agent = await signedInAgent(ctx.app, 'client');
  expect((await agent.get('/api/dashboard/lead-volume')).body).toMatchObject({ total: 0, month: 3, year: 2026 });
});

test('beside what the automation reported, the dashboard counts the leads this site captured in the UTC month', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-02-28T23:59:59.999Z', kind: 'demo' },
    { createdAt: '2026-03-01T00:00:00.000Z', kind: 'demo' },
    { createdAt: '2026-03-10T09:00:00.000Z', kind: 'contact' },
    { createdAt: '2026-03-31T23:59:59.999Z', kind: 'contact', state: 'given_up' },
    { createdAt: '2026-04-01T00:00:00.000Z', kind: 'demo' },
  ]);
  // The automation reported one lead: the two figures differ, and the client sees both.
  expect((await reportLeads(ctx, { externalId: 'crm-1' })).status).toBe(200);
  const agent = await signedInAgent(ctx.app, 'client');
  const volume = await agent.get('/api/dashboard/lead-volume');
  expect(volume.body).toEqual({ total: 1, captured: 3, month: 3, year: 2026, updatedAt: T0 });
  // Counts only: no lead of the site reaches the client role.
  expect(volume.text).not.toContain('jane@example.com');
});

test('lead ingest is idempotent by external id, for single leads and batches', async () => {
  const ctx = await setup();
  expect((await reportLeads(ctx, { externalId: 'crm-1' })).body).toEqual({ inserted: 1, duplicate: 0 });
  // Reported again, signed afresh a second later (the very same signed request would be a replay).
  ctx.time.advance(1_000);
  expect((await reportLeads(ctx, { externalId: 'crm-1' })).body).toEqual({ inserted: 0, duplicate: 1 });
  expect(
    (await reportLeads(ctx, [{ externalId: 'crm-1' }, { externalId: 'crm-2' }, { externalId: 'crm-2' }])).body,
  ).toEqual({ inserted: 1, duplicate: 2 });
  const rows = await ctx.db.selectFrom('lead_volume').select(['external_id', 'received_at']).orderBy('id').execute();
  expect(rows).toEqual([
    { external_id: 'crm-1', received_at: T0 },
    { external_id: 'crm-2', received_at: '2026-03-15T12:00:01.000Z' },
  ]);
  const agent = await signedInAgent(ctx.app, 'client');
  expect((await agent.get('/api/dashboard/lead-volume')).body.total).toBe(2);
});

test('lead ingest checks the signature and its age', async () => {
  const ctx = await setup();
  const wrongKey = await reportLeads(ctx, { externalId: 'crm-1' }, 'some-other-secret-0123456789');
  expect(wrongKey.status).toBe(401);
  expect(wrongKey.body.error).toBe('Bad signature.');

  const body = JSON.stringify({ externalId: 'crm-1' });
  const stale = await request(ctx.app)
    .post('/api/hooks/leads')
    .set(
      signedHeaders(
        HOOK_SECRET,
        { method: 'POST', path: '/api/hooks/leads', body },
        new Date(Date.parse(T0) - 600_000),
      ),
    )
    .send(body);
  expect(stale.status).toBe(401);

  const unsigned = await request(ctx.app).post('/api/hooks/leads').send({ externalId: 'crm-1' });
  expect(unsigned.status).toBe(401);
  expect(await ctx.db.selectFrom('lead_volume').selectAll().execute()).toEqual([]);
});

test('without HOOK_SECRET the leads hook is off', async () => {
  const time = manualClock(T0);
  const ctx = await createTestApp({}, { clock: time.clock });
  open.push(ctx);
  const body = JSON.stringify({ externalId: 'crm-1' });
  const res = await request(ctx.app)
    .post('/api/hooks/leads')
    .set(signedHeaders(HOOK_SECRET, { method: 'POST', path: '/api/hooks/leads', body }, time.clock()))
    .send(body);
  expect(res.status).toBe(503);
});

test('a signed but malformed lead report is 400 and stores nothing', async () => {
  const ctx = await setup();
  const hiddenId = { externalId: 'crm-1\u200B' };
  for (const payload of [{}, { externalId: '' }, [], { externalId: 'x', receivedAt: 'yesterday' }, hiddenId]) {
    expect((await reportLeads(ctx, payload)).status).toBe(400);
  }
  expect(await ctx.db.selectFrom('lead_volume').selectAll().execute()).toEqual([]);
});
