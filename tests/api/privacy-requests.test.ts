import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { analyticsStore } from '#server/analytics/analytics-store.ts';
import { createLogger } from '#server/logger.ts';
import { pruneOldData, scheduleMaintenance } from '#server/ops/maintenance.ts';
import { minuteApart, seedLeads } from '#tests/support/inbox-leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { cookieBrowser, SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Monday 2 March 2026, noon in San Antonio: a 210 number is called at once.
const T0 = '2026-03-02T18:00:00.000Z';
const DAY = 86_400_000;
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const JANE = '81.2.69.160';
const JANE_AT_WORK = '8.8.4.4';
const BOB = '1.1.1.1';
// What ties a visit to a person: the id of the browser that sent it (docs/product-rules.md#privacy-requests).
const JANE_AT_HOME_BROWSER = '0b6f2d3c-6a54-4f0e-9a1d-3c2b1a0f9e8d';
const JANE_AT_WORK_BROWSER = '5d1e7c9a-2b3f-4c8d-8e6f-1a2b3c4d5e6f';
const BOB_BROWSER = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

// TRUST_PROXY=loopback: supertest connects from 127.0.0.1, so X-Forwarded-For says whose request it is.
async function setup() {
  const time = manualClock(T0);
  // Sessions outlast the day the clock moves through.
  const ctx = await createTestApp(
    { ...SIGN_IN_ENV, TRUST_PROXY: 'loopback', SESSION_TTL_HOURS: '720' },
    { clock: time.clock },
  );
  open.push(ctx);
  const operator = await signedInAgent(ctx.app, 'operator');
  /** A visit from `ip` by the browser `visitorId` (none: a browser of an earlier version, or without storage). */
  const visit = async (ip: string, page: string, visitorId?: string) => {
    const res = await request(ctx.app).post('/api/visits').set('X-Forwarded-For', ip).set('User-Agent', CHROME).send({
      page,
      referrer: 'https://www.google.com/',
      duration: 30,
      returnVisit: false,
      sourceTag: 'website',
      visitorId,
    });
    expect(res.status).toBe(204);
  };
  return { ...ctx, time, operator, visit };
}
type Ctx = Awaited<ReturnType<typeof setup>>;

/**
 * Jane asks for a demo call from her browser at home and writes from her browser at work with the same e-mail
 * address; Bob asks for a call too. Both browse the site over two days.
 */
async function janeAndBob(ctx: Ctx) {
  await ctx.visit(JANE, '/', JANE_AT_HOME_BROWSER);
  await ctx.visit(BOB, '/', BOB_BROWSER);
  const demo = await request(ctx.app).post('/api/demo-calls').set('X-Forwarded-For', JANE).send({
    fullName: 'Jane Doe',
    phone: '2102345678',
    email: 'Jane@Example.com',
    consent: true,
    visitorId: JANE_AT_HOME_BROWSER,
  });
  expect(demo.status).toBe(201);
  const bob = await request(ctx.app).post('/api/demo-calls').set('X-Forwarded-For', BOB).send({
    fullName: 'Bob Roe',
    phone: '2103456789',
    email: 'bob@example.com',
    consent: true,
    visitorId: BOB_BROWSER,
  });
  expect(bob.status).toBe(201);
  ctx.time.advance(DAY);
  await ctx.visit(JANE, '/blogs', JANE_AT_HOME_BROWSER);
  await ctx.visit(JANE, '/pricing', JANE_AT_HOME_BROWSER);
  await ctx.visit(BOB, '/blogs', BOB_BROWSER);
  await ctx.visit(JANE_AT_WORK, '/about-us', JANE_AT_WORK_BROWSER);
  const contact = await request(ctx.app).post('/api/contact').set('X-Forwarded-For', JANE_AT_WORK).send({
    firstName: 'Jane',
    lastName: 'Doe',
    phoneNumber: '2107654321',
    companyName: 'Doe Homes',
    email: 'jane@example.com',
    visitorId: JANE_AT_WORK_BROWSER,
  });
  expect(contact.status).toBe(201);
}

test('a person is found by phone number or e-mail address with every record that hangs on their leads', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  const byEmail = await ctx.operator.post('/api/privacy-requests/search').send({ email: ' JANE@example.com ' });
  expect(byEmail.status).toBe(200);
  expect(byEmail.headers['cache-control']).toBe('no-store');
  expect(byEmail.body).toEqual({
    matchedBy: 'email',
    // The demo call's number is under its 6-hour rule; a contact form claims none.
    counts: { leads: 2, consents: 2, calls: 1, deliveries: 2, visits: 4, cooldowns: 1 },
    leads: [
      { id: expect.any(String), createdAt: '2026-03-03T18:00:00.000Z', kind: 'contact', fullName: 'Jane Doe' },
      { id: expect.any(String), createdAt: T0, kind: 'demo', fullName: 'Jane Doe' },
    ],
  });
  const byPhone = await ctx.operator.post('/api/privacy-requests/search').send({ phone: '(210) 234-5678' });
  expect(byPhone.body).toMatchObject({
    matchedBy: 'phone',
    counts: { leads: 1, consents: 1, calls: 1, deliveries: 1, visits: 3, cooldowns: 1 },
  });
  const nobody = await ctx.operator.post('/api/privacy-requests/search').send({ email: 'nobody@example.com' });
  expect(nobody.body).toEqual({
    matchedBy: 'email',
    counts: { leads: 0, consents: 0, calls: 0, deliveries: 0, visits: 0, cooldowns: 0 },
    leads: [],
  });
  // Finding is not a request answered: nothing is audited yet.
  expect((await ctx.operator.get('/api/privacy-requests')).body).toEqual([]);
});

test('an export is a JSON file of every record, and its audit entry keeps no personal data', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  const res = await ctx.operator.post('/api/privacy-requests/export').send({ email: 'jane@example.com' });
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  expect(res.headers['content-disposition']).toBe('attachment; filename="porchlight-privacy-export-2026-03-03.json"');
  const document = JSON.parse(res.text);
  expect(document).toMatchObject({
    exportedAt: '2026-03-03T18:00:00.000Z',
    matchedBy: 'email',
    counts: { leads: 2, consents: 2, calls: 1, deliveries: 2, visits: 4, cooldowns: 1 },
  });
  expect(document.leads.map((lead: { phone: string }) => lead.phone).sort()).toEqual(['2102345678', '2107654321']);
  expect(
    document.consents.map((consent: { consent_text_version: string }) => consent.consent_text_version).sort(),
  ).toEqual(['contact-notice-2026-01', 'demo-call-2026-01']);
  expect(document.calls).toEqual([expect.objectContaining({ phone_number: '+12102345678', status: 'preparing' })]);
  expect(document.deliveries.map((delivery: { payload: { email: string } }) => delivery.payload.email).sort()).toEqual([
    'Jane@Example.com',
    'jane@example.com',
  ]);
  expect(document.visits.map((visit: { ip_address: string; page_visited: string }) => visit.page_visited)).toEqual([
    '/',
    '/blogs',
    '/pricing',
    '/about-us',
  ]);
  expect(document.cooldowns).toEqual([{ phone: '2102345678', last_requested_at: T0 }]);
  expect(res.text).not.toContain('bob@example.com');
  expect(res.text).not.toContain(BOB);

  const trail = await ctx.operator.get('/api/privacy-requests');
  expect(trail.body).toEqual([
    {
      id: 1,
      action: 'export',
      matchedBy: 'email',
      counts: { leads: 2, consents: 2, calls: 1, deliveries: 2, visits: 4, cooldowns: 1 },
      at: '2026-03-03T18:00:00.000Z',
    },
  ]);
  const stored = JSON.stringify(await ctx.db.selectFrom('privacy_requests').selectAll().execute());
  for (const personal of ['jane', 'Jane', '2102345678', '2107654321', JANE, JANE_AT_WORK, 'Doe']) {
    expect(stored).not.toContain(personal);
  }
});

test('an erasure deletes every record of the person and nobody else’s, and is audited without personal data', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  const res = await ctx.operator.post('/api/privacy-requests/erase').send({ email: 'jane@example.com', confirm: true });
  expect(res.status).toBe(200);
  expect(res.body).toEqual({
    matchedBy: 'email',
    erased: { leads: 2, consents: 2, calls: 1, deliveries: 2, visits: 4, cooldowns: 1 },
  });

  const left = async <T extends 'leads' | 'consents' | 'call_notifications' | 'outbox' | 'lead_search_terms'>(
    table: T,
  ) => (await ctx.db.selectFrom(table).selectAll().execute()).length;
  expect(await ctx.db.selectFrom('leads').select(['full_name', 'email']).execute()).toEqual([
    { full_name: 'Bob Roe', email: 'bob@example.com' },
  ]);
  expect(await left('consents')).toBe(1);
  expect(await left('call_notifications')).toBe(1);
  expect(await left('outbox')).toBe(1);
  const terms = await ctx.db.selectFrom('lead_search_terms').select('term').execute();
  expect(terms.map((row) => row.term)).toContain('bob');
  expect(terms.map((row) => row.term)).not.toContain('jane');
  expect(await ctx.db.selectFrom('visits').select(['ip_address', 'page_visited']).orderBy('id').execute()).toEqual([
    { ip_address: BOB, page_visited: '/' },
    { ip_address: BOB, page_visited: '/blogs' },
  ]);
  expect(await ctx.db.selectFrom('phone_cooldowns').select('phone').execute()).toEqual([{ phone: '2103456789' }]);
  // Found again: nothing; the inbox does not show her.
  const again = await ctx.operator.post('/api/privacy-requests/search').send({ email: 'jane@example.com' });
  expect(again.body.counts).toEqual({ leads: 0, consents: 0, calls: 0, deliveries: 0, visits: 0, cooldowns: 0 });
  expect((await ctx.operator.get('/api/leads?q=jane')).body.total).toBe(0);

  const [entry] = (await ctx.operator.get('/api/privacy-requests')).body;
  expect(entry).toMatchObject({ action: 'erase', matchedBy: 'email', counts: res.body.erased });
  const stored = JSON.stringify(await ctx.db.selectFrom('privacy_requests').selectAll().execute());
  for (const personal of ['jane', '2102345678', JANE, JANE_AT_WORK]) expect(stored).not.toContain(personal);
});

test('after an erasure the analytics figures are those of the visits left, as if hers had never been', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  expect(
    (await ctx.operator.post('/api/privacy-requests/erase').send({ phone: '2102345678', confirm: true })).status,
  ).toBe(200);
  // Only Bob's visits and Jane's visit from work (her contact form's browser) remain.
  const expected = await setup();
  await expected.visit(BOB, '/', BOB_BROWSER);
  expected.time.advance(DAY);
  await expected.visit(BOB, '/blogs', BOB_BROWSER);
  await expected.visit(JANE_AT_WORK, '/about-us', JANE_AT_WORK_BROWSER);

  const now = ctx.time.clock();
  for (const days of [7, 30] as const) {
    expect(await analyticsStore(ctx.db).summary(now, days)).toEqual(
      await analyticsStore(expected.db).summary(now, days),
    );
  }
  for (const table of ['visit_days', 'visit_day_counts', 'visit_day_places'] as const) {
    // Compared as sets: a rebuilt day may hold its rows in another order.
    const rows = async (db: typeof ctx.db) =>
      (await db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort();
    expect(await rows(ctx.db), table).toEqual(await rows(expected.db));
  }
});

test('two people behind one address (an office, a carrier) each get only their own visits, exported or erased', async () => {
  const ctx = await setup();
  const OFFICE = '8.8.8.8';
  const ANN_BROWSER = '3c9a1f2e-4b5d-4e6f-a718-293a4b5c6d7e';
  const BEN_BROWSER = '7e6d5c4b-3a29-4817-b6f5-e4d3c2b1a098';
  await ctx.visit(OFFICE, '/', ANN_BROWSER);
  await ctx.visit(OFFICE, '/', BEN_BROWSER);
  await ctx.visit(OFFICE, '/pricing', ANN_BROWSER);
  await ctx.visit(OFFICE, '/blogs', BEN_BROWSER);
  // A browser that keeps no id (storage blocked, or a visit stored before ids were) is nobody's.
  await ctx.visit(OFFICE, '/about-us');
  for (const [fullName, phone, email, visitorId] of [
    ['Ann Lee', '2102345678', 'ann@example.com', ANN_BROWSER],
    ['Ben Roe', '2103456789', 'ben@example.com', BEN_BROWSER],
  ]) {
    const res = await request(ctx.app)
      .post('/api/demo-calls')
      .set('X-Forwarded-For', OFFICE)
      .send({ fullName, phone, email, consent: true, visitorId });
    expect(res.status).toBe(201);
  }
  // A lead sent without an id has no visits, whatever its address.
  await seedLeads(ctx.db, [{ createdAt: T0, email: 'cat@example.com', ipAddress: OFFICE }]);

  const exported = await ctx.operator.post('/api/privacy-requests/export').send({ email: 'ann@example.com' });
  expect(exported.status).toBe(200);
  const document = JSON.parse(exported.text);
  expect(document.counts.visits).toBe(2);
  expect(
    document.visits.map((visit: { page_visited: string; visitor_id: string }) => [
      visit.page_visited,
      visit.visitor_id,
    ]),
  ).toEqual([
    ['/', ANN_BROWSER],
    ['/pricing', ANN_BROWSER],
  ]);
  expect(exported.text).not.toContain(BEN_BROWSER);
  expect(exported.text).not.toContain('/blogs');
  const cat = await ctx.operator.post('/api/privacy-requests/search').send({ email: 'cat@example.com' });
  expect(cat.body.counts.visits).toBe(0);

  const erased = await ctx.operator
    .post('/api/privacy-requests/erase')
    .send({ email: 'ann@example.com', confirm: true });
  expect(erased.body.erased).toMatchObject({ leads: 1, visits: 2 });
  expect(await ctx.db.selectFrom('visits').select(['page_visited', 'visitor_id']).orderBy('id').execute()).toEqual([
    { page_visited: '/', visitor_id: BEN_BROWSER },
    { page_visited: '/blogs', visitor_id: BEN_BROWSER },
    { page_visited: '/about-us', visitor_id: null },
  ]);
  const ben = await ctx.operator.post('/api/privacy-requests/search').send({ email: 'ben@example.com' });
  expect(ben.body.counts).toMatchObject({ leads: 1, visits: 2 });
});

test.each<[string, unknown, Record<string, string>]>([
  ['no one named', {}, { form: 'Give either a phone number or an e-mail address' }],
  [
    'two people named',
    { phone: '2102345678', email: 'a@example.com' },
    { form: 'Give either a phone number or an e-mail address' },
  ],
  ['a short number', { phone: '555-1234' }, { phone: 'Please enter a 10-digit phone number' }],
  ['a number that is no text', { phone: 2102345678 }, { phone: 'Please enter a 10-digit phone number' }],
  ['an address without @', { email: 'jane.example.com' }, { email: 'Please enter an e-mail address' }],
  [
    'an address with a hidden character',
    { email: 'jane\u3164@example.com' },
    { email: 'Please enter an e-mail address' },
  ],
  ['a list instead of an object', [{ email: 'a@example.com' }], { form: 'The request must be a JSON object.' }],
])('%s is a 400 naming the field, for search, export and erasure', async (_, body, fieldErrors) => {
  const ctx = await setup();
  for (const path of ['search', 'export', 'erase']) {
    const res = await ctx.operator.post(`/api/privacy-requests/${path}`).send(body as object);
    expect(res.status, path).toBe(400);
    expect(res.body.fieldErrors, path).toMatchObject(fieldErrors);
  }
  expect((await ctx.operator.get('/api/privacy-requests')).body).toEqual([]);
});

test('an erasure must be confirmed, and until it is nothing goes', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  for (const confirm of [undefined, false, 'yes']) {
    const res = await ctx.operator.post('/api/privacy-requests/erase').send({ email: 'jane@example.com', confirm });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ fieldErrors: { confirm: 'Confirm the erasure: it cannot be undone' } });
  }
  expect(await ctx.db.selectFrom('leads').select('id').execute()).toHaveLength(3);
});

test('privacy requests need the operator role and this site as origin', async () => {
  const ctx = await setup();
  await janeAndBob(ctx);
  const client = await signedInAgent(ctx.app, 'client');
  const analytics = await signedInAgent(ctx.app, 'analytics');
  for (const browser of [cookieBrowser(ctx.app), client, analytics]) {
    expect((await browser.get('/api/privacy-requests')).status).toBe(401);
    for (const path of ['search', 'export', 'erase']) {
      const res = await browser
        .post(`/api/privacy-requests/${path}`)
        .send({ email: 'jane@example.com', confirm: true });
      expect(res.status, path).toBe(401);
      expect(res.text).not.toContain('Jane');
    }
  }
  const forged = await ctx.operator
    .post('/api/privacy-requests/erase')
    .set('Origin', 'https://evil.example')
    .set('Sec-Fetch-Site', 'cross-site')
    .send({ email: 'jane@example.com', confirm: true });
  expect(forged.status).toBe(403);
  expect(await ctx.db.selectFrom('leads').select('id').execute()).toHaveLength(3);
});

test('retention deletes leads older than LEADS_RETENTION_DAYS with all that hangs on them, and spent cooldowns', async () => {
  const ctx = await setup();
  // 1826 days before T0 is 2021-03-02T18:00:00Z.
  await seedLeads(ctx.db, [
    { createdAt: '2021-03-02T17:59:59.999Z', fullName: 'Too Old', call: 'completed', state: 'delivered' },
    { createdAt: '2021-03-02T18:00:00.000Z', fullName: 'Just Kept', call: 'completed' },
    ...minuteApart(2, '2026-03-01T00:00:00.000Z'),
  ]);
  await ctx.db
    .insertInto('phone_cooldowns')
    .values([
      { phone: '2105550001', last_requested_at: '2026-03-02T12:00:00.000Z' },
      { phone: '2105550002', last_requested_at: '2026-03-02T12:00:00.001Z' },
    ])
    .execute();
  const deleted = await pruneOldData(
    ctx.db,
    new Date(T0),
    ctx.config.visits.retentionDays,
    ctx.config.leads.retentionDays,
  );
  expect(ctx.config.leads.retentionDays).toBe(1826);
  expect(deleted).toMatchObject({ leads: 1, cooldowns: 1 });
  expect(
    (await ctx.db.selectFrom('leads').select('full_name').orderBy('created_at').execute()).map((r) => r.full_name),
  ).toEqual(['Just Kept', 'Lead Number1', 'Lead Number2']);
  for (const table of ['consents', 'outbox'] as const) {
    expect(await ctx.db.selectFrom(table).select('created_at').execute(), table).toHaveLength(3);
  }
  expect(await ctx.db.selectFrom('call_notifications').select('id').execute()).toHaveLength(1);
  expect(await ctx.db.selectFrom('phone_cooldowns').select('phone').execute()).toEqual([{ phone: '2105550002' }]);
  expect((await ctx.operator.get('/api/leads?q=too')).body.total).toBe(0);
});

test('the start-up schedule prunes leads with the configured retention', async () => {
  const time = manualClock(T0);
  const ctx = await createTestApp({ LEADS_RETENTION_DAYS: '30' }, { clock: time.clock });
  open.push(ctx);
  await seedLeads(ctx.db, [
    { createdAt: '2026-01-15T00:00:00.000Z', fullName: 'Old' },
    { createdAt: '2026-02-20T00:00:00.000Z', fullName: 'Recent' },
  ]);
  const maintenance = scheduleMaintenance({
    db: ctx.db,
    clock: time.clock,
    logger: createLogger('silent'),
    retentionDays: ctx.config.visits.retentionDays,
    leadRetentionDays: ctx.config.leads.retentionDays,
  });
  await maintenance.stop();
  expect(await ctx.db.selectFrom('leads').select('full_name').execute()).toEqual([{ full_name: 'Recent' }]);
});
