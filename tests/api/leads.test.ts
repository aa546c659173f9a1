import { Writable } from 'node:stream';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { createLogger } from '#server/logger.ts';
import type { InboxPage } from '#shared/lead-inbox.ts';
import { minuteApart, seedLeads } from '#tests/support/inbox-leads.ts';
import { UUID_V4 } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { cookieBrowser, SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// Monday 2 March 2026, noon in San Antonio: a 210 number is called at once.
const T0 = '2026-03-02T18:00:00.000Z';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

async function setup(env: Record<string, string> = {}, overrides: Parameters<typeof createTestApp>[1] = {}) {
  const time = manualClock(T0);
  const ctx = await createTestApp({ ...SIGN_IN_ENV, ...env }, { clock: time.clock, ...overrides });
  open.push(ctx);
  const operator = await signedInAgent(ctx.app, 'operator');
  /** GET /api/leads with these query parameters, as the operator. */
  const inbox = async (query: Record<string, string> = {}) => {
    const res = await operator.get(`/api/leads?${new URLSearchParams(query)}`);
    expect(res.status, res.text).toBe(200);
    const page: InboxPage = res.body;
    return page;
  };
  const names = async (query: Record<string, string> = {}) => (await inbox(query)).leads.map((lead) => lead.fullName);
  return { ...ctx, time, operator, inbox, names };
}

test('leads are the operator role only: no session, a client or an analytics session gets 401', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [{ createdAt: T0 }]);
  const paths = ['/api/leads', '/api/leads/delivery'];
  const client = await signedInAgent(ctx.app, 'client');
  const analytics = await signedInAgent(ctx.app, 'analytics');
  const both = await signedInAgent(ctx.app, 'client', 'analytics');
  for (const path of paths) {
    for (const browser of [cookieBrowser(ctx.app), client, analytics, both]) {
      const res = await browser.get(path);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual({ error: 'Please sign in to continue.' });
      expect(res.text).not.toContain('jane@example.com');
    }
    expect((await ctx.operator.get(path)).status, path).toBe(200);
  }
});

test('a demo call and a contact form show in the inbox, newest first, with consent, call and queued delivery', async () => {
  const ctx = await setup();
  const demo = await request(ctx.app).post('/api/demo-calls').set('User-Agent', 'Mozilla/5.0 (demo browser)').send({
    fullName: 'Jane Doe',
    phone: '(210) 234-5678',
    email: 'Jane@Example.com',
    consent: true,
    sourceTag: 'agent-isa',
  });
  expect(demo.status).toBe(201);
  ctx.time.advance(60_000);
  const contact = await request(ctx.app).post('/api/contact').send({
    firstName: 'John',
    lastName: 'Roe',
    phoneNumber: '210-765-4321',
    companyName: 'Roe Homes',
    email: 'john@example.com',
  });
  expect(contact.status).toBe(201);

  const res = await ctx.operator.get('/api/leads');
  expect(res.headers['cache-control']).toBe('no-store');
  const page: InboxPage = res.body;
  expect(page.total).toBe(2);
  expect(page.nextCursor).toBeNull();
  const [first, second] = page.leads;
  expect(first).toMatchObject({
    createdAt: '2026-03-02T18:01:00.000Z',
    kind: 'contact',
    fullName: 'John Roe',
    companyName: 'Roe Homes',
    phone: '2107654321',
    email: 'john@example.com',
    sourceTag: 'website',
    calendarLink: 'https://cal.com/porchlight/demo-call',
    call: null,
    consent: { version: 'contact-notice-2026-01', givenAt: '2026-03-02T18:01:00.000Z' },
    delivery: { state: 'queued', attempts: 0, lastError: null, deliveredAt: null, givenUpAt: null },
  });
  expect(second).toMatchObject({
    createdAt: T0,
    kind: 'demo',
    fullName: 'Jane Doe',
    phone: '2102345678',
    email: 'Jane@Example.com',
    sourceTag: 'agent-isa',
    calendarLink: 'https://cal.com/porchlight/agent-isa',
    timezone: 'America/Chicago',
    scheduled: false,
    call: {
      status: 'preparing',
      state: 'preparing',
      outcome: null,
      durationSeconds: null,
      updatedAt: T0,
      endedReason: null,
    },
    consent: { version: 'demo-call-2026-01', givenAt: T0, userAgent: 'Mozilla/5.0 (demo browser)' },
    delivery: { state: 'queued', attempts: 0 },
  });
  expect(second?.id).toMatch(UUID_V4);
  expect(second?.consent?.ipAddress).toMatch(/127\.0\.0\.1|::1/);
});

test('each delivery state shows with what the worker knows of it', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-03-01T10:00:00.000Z', fullName: 'Quinn Queued' },
    {
      createdAt: '2026-03-01T11:00:00.000Z',
      fullName: 'Rita Retrying',
      state: 'retrying',
      attempts: 4,
      lastError: 'webhook answered 502',
    },
    {
      createdAt: '2026-03-01T12:00:00.000Z',
      fullName: 'Dana Delivered',
      state: 'delivered',
      deliveredAt: '2026-03-01T12:00:05.000Z',
    },
    {
      createdAt: '2026-03-01T13:00:00.000Z',
      fullName: 'Gil Givenup',
      state: 'given_up',
      attempts: 30,
      givenUpAt: '2026-03-04T13:00:00.000Z',
    },
  ]);
  const page = await ctx.inbox();
  expect(page.leads.map((lead) => [lead.fullName, lead.delivery])).toEqual([
    [
      'Gil Givenup',
      expect.objectContaining({ state: 'given_up', attempts: 30, givenUpAt: '2026-03-04T13:00:00.000Z' }),
    ],
    [
      'Dana Delivered',
      expect.objectContaining({ state: 'delivered', deliveredAt: '2026-03-01T12:00:05.000Z', lastError: null }),
    ],
    ['Rita Retrying', expect.objectContaining({ state: 'retrying', attempts: 4, lastError: 'webhook answered 502' })],
    ['Quinn Queued', expect.objectContaining({ state: 'queued', attempts: 0, lastError: null })],
  ]);
});

test('filters: kind, source tag, delivery state and UTC days, each alone and together, with the total', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-02-28T23:59:59.999Z', fullName: 'Feb Demo', kind: 'demo', state: 'delivered' },
    { createdAt: '2026-03-01T00:00:00.000Z', fullName: 'Mar Contact', kind: 'contact', sourceTag: 'agent-isa' },
    { createdAt: '2026-03-01T12:00:00.000Z', fullName: 'Mar Demo Isa', kind: 'demo', sourceTag: 'agent-isa' },
    { createdAt: '2026-03-02T08:00:00.000Z', fullName: 'Mar Demo Given', kind: 'demo', state: 'given_up' },
    { createdAt: '2026-03-02T23:59:59.999Z', fullName: 'Late Contact', kind: 'contact', state: 'retrying' },
  ]);
  expect(await ctx.names({ kind: 'demo' })).toEqual(['Mar Demo Given', 'Mar Demo Isa', 'Feb Demo']);
  expect(await ctx.names({ kind: 'contact' })).toEqual(['Late Contact', 'Mar Contact']);
  expect(await ctx.names({ source: 'agent-isa' })).toEqual(['Mar Demo Isa', 'Mar Contact']);
  expect(await ctx.names({ source: 'Agent-ISA' })).toEqual(['Mar Demo Isa', 'Mar Contact']);
  expect(await ctx.names({ source: 'isa-hq' })).toEqual([]);
  expect(await ctx.names({ state: 'queued' })).toEqual(['Mar Demo Isa', 'Mar Contact']);
  expect(await ctx.names({ state: 'retrying' })).toEqual(['Late Contact']);
  expect(await ctx.names({ state: 'delivered' })).toEqual(['Feb Demo']);
  expect(await ctx.names({ state: 'given_up' })).toEqual(['Mar Demo Given']);
  // Days are UTC and both ends are included, to the last millisecond.
  expect(await ctx.names({ from: '2026-03-01', to: '2026-03-01' })).toEqual(['Mar Demo Isa', 'Mar Contact']);
  expect(await ctx.names({ from: '2026-03-02' })).toEqual(['Late Contact', 'Mar Demo Given']);
  expect(await ctx.names({ to: '2026-02-28' })).toEqual(['Feb Demo']);
  expect(await ctx.names({ state: 'queued', from: '2026-03-01', to: '2026-03-01', kind: 'contact' })).toEqual([
    'Mar Contact',
  ]);
  expect(await ctx.names({ kind: 'demo', source: 'agent-isa', state: 'queued' })).toEqual(['Mar Demo Isa']);
  // An empty parameter, as a form sends for "any", filters nothing.
  expect(await ctx.names({ kind: '', source: '', state: '', from: '', to: '', q: '' })).toHaveLength(5);
  expect((await ctx.inbox({ kind: 'demo' })).total).toBe(3);
  expect((await ctx.inbox({ state: 'queued', kind: 'contact' })).total).toBe(1);
  expect((await ctx.inbox({ from: '2026-03-01' })).total).toBe(4);
});

test('search finds a phone number whole or by its start or end, words of a name, company or e-mail, any case', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-03-01T10:00:00.000Z', fullName: 'Jane Smith', phone: '2108675309', email: 'Jane.S@Example.com' },
    { createdAt: '2026-03-01T11:00:00.000Z', fullName: 'Bob Jones', phone: '5125550199', email: 'bob@jones.test' },
    {
      createdAt: '2026-03-01T12:00:00.000Z',
      kind: 'contact',
      fullName: 'José Lee',
      companyName: 'Smithfield Realty',
      phone: '2105550000',
      email: 'jose_lee@realty.test',
    },
  ]);
  // A whole number however it is typed; its area code, its last seven or its last four digits.
  expect(await ctx.names({ q: '(210) 867-5309' })).toEqual(['Jane Smith']);
  expect(await ctx.names({ q: '+1 210.867.5309' })).toEqual(['Jane Smith']);
  expect(await ctx.names({ q: '210' })).toEqual(['José Lee', 'Jane Smith']);
  expect(await ctx.names({ q: '867-5309' })).toEqual(['Jane Smith']);
  expect(await ctx.names({ q: '0199' })).toEqual(['Bob Jones']);
  expect(await ctx.names({ q: '2108675308' })).toEqual([]);
  // Words start terms: 'smi' is Smith and Smithfield; every word must match; accents and case do not count.
  expect(await ctx.names({ q: 'smi' })).toEqual(['José Lee', 'Jane Smith']);
  expect(await ctx.names({ q: 'SMITH jane' })).toEqual(['Jane Smith']);
  expect(await ctx.names({ q: 'jane jones' })).toEqual([]);
  expect(await ctx.names({ q: 'jose' })).toEqual(['José Lee']);
  expect(await ctx.names({ q: 'José' })).toEqual(['José Lee']);
  // A name pasted with a zero-width space in it is searched as it reads.
  expect(await ctx.names({ q: 'Jo\u200Bsé' })).toEqual(['José Lee']);
  expect(await ctx.names({ q: 'mith' })).toEqual([]);
  // E-mail addresses whole or by their start, and the words in them.
  expect(await ctx.names({ q: 'jane.s@example.COM' })).toEqual(['Jane Smith']);
  expect(await ctx.names({ q: 'bob@' })).toEqual(['Bob Jones']);
  expect(await ctx.names({ q: 'realty.test' })).toEqual(['José Lee']);
  // No wildcards: what is not a letter or digit separates words, and alone it matches nothing.
  expect(await ctx.names({ q: '%' })).toEqual([]);
  expect(await ctx.names({ q: 'nobody' })).toEqual([]);
  expect((await ctx.inbox({ q: 'smith', kind: 'demo' })).total).toBe(1);
});

test('a search for a word most leads share pages and counts like a narrow one', async () => {
  const ctx = await setup();
  // More leads than the point where a page is read in order instead of looked up by id.
  await seedLeads(ctx.db, minuteApart(1_100, '2026-03-01T00:00:00.000Z', { fullName: 'Maria Garcia' }));
  await seedLeads(ctx.db, [{ createdAt: '2026-03-02T00:00:00.000Z', fullName: 'Maria Other' }]);
  const first = await ctx.inbox({ q: 'garcia maria', limit: '3' });
  expect(first.total).toBe(1_100);
  expect(first.leads.map((lead) => lead.createdAt)).toEqual([
    '2026-03-01T18:19:00.000Z',
    '2026-03-01T18:18:00.000Z',
    '2026-03-01T18:17:00.000Z',
  ]);
  const second = await ctx.inbox({ q: 'garcia maria', limit: '3', cursor: first.nextCursor ?? '' });
  expect(second.leads.map((lead) => lead.createdAt.slice(11, 16))).toEqual(['18:16', '18:15', '18:14']);
  expect((await ctx.inbox({ q: 'maria' })).total).toBe(1_101);
});

test('pages follow each other by key: every lead once, in order, and a lead arriving meanwhile shifts nothing', async () => {
  const ctx = await setup();
  // Two leads share an instant: the id breaks the tie.
  await seedLeads(ctx.db, [
    ...minuteApart(6, '2026-03-01T10:00:00.000Z'),
    { createdAt: '2026-03-01T10:05:00.000Z', fullName: 'Same Minute', id: '00000000-0000-4000-8000-000000000000' },
  ]);
  const first = await ctx.inbox({ limit: '3' });
  expect(first.total).toBe(7);
  expect(first.leads.map((lead) => lead.fullName)).toEqual(['Lead Number6', 'Same Minute', 'Lead Number5']);
  expect(first.nextCursor).toEqual(expect.any(String));

  // A new lead now would push every offset along; the cursor holds.
  await seedLeads(ctx.db, [{ createdAt: '2026-03-02T00:00:00.000Z', fullName: 'Newcomer' }]);
  const second = await ctx.inbox({ limit: '3', cursor: first.nextCursor ?? '' });
  expect(second.total).toBeNull();
  expect(second.leads.map((lead) => lead.fullName)).toEqual(['Lead Number4', 'Lead Number3', 'Lead Number2']);
  const third = await ctx.inbox({ limit: '3', cursor: second.nextCursor ?? '' });
  expect(third.leads.map((lead) => lead.fullName)).toEqual(['Lead Number1']);
  expect(third.nextCursor).toBeNull();

  // Filtered pages page the same way.
  await seedLeads(ctx.db, minuteApart(5, '2026-03-03T10:00:00.000Z', { state: 'given_up', fullName: 'Given' }));
  const given = await ctx.inbox({ state: 'given_up', limit: '2' });
  expect(given.total).toBe(5);
  const seen = [...given.leads];
  let cursor = given.nextCursor;
  while (cursor) {
    const next = await ctx.inbox({ state: 'given_up', limit: '2', cursor });
    seen.push(...next.leads);
    cursor = next.nextCursor;
  }
  expect(seen.map((lead) => lead.createdAt.slice(11, 16))).toEqual(['10:04', '10:03', '10:02', '10:01', '10:00']);
});

test('the default page holds 50 leads', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, minuteApart(51, '2026-03-01T00:00:00.000Z'));
  const page = await ctx.inbox();
  expect(page.leads).toHaveLength(50);
  expect(page.total).toBe(51);
  expect((await ctx.inbox({ cursor: page.nextCursor ?? '' })).leads).toHaveLength(1);
});

test.each<[string, Record<string, string>, Record<string, string>]>([
  ['an unknown kind', { kind: 'robot' }, { kind: "Kind must be 'demo' or 'contact'" }],
  [
    'an unknown delivery state',
    { state: 'lost' },
    { state: "Delivery state must be 'queued', 'retrying', 'delivered' or 'given_up'" },
  ],
  [
    'a malformed source tag',
    { source: 'no spaces!' },
    { source: 'Source tag must be 1-64 lower-case letters, digits, dashes or underscores' },
  ],
  ['a day that does not exist', { from: '2026-02-30' }, { from: 'Start date must be a date (yyyy-mm-dd)' }],
  ['a time instead of a day', { to: '2026-03-01T00:00' }, { to: 'End date must be a date (yyyy-mm-dd)' }],
  [
    'an end before the start',
    { from: '2026-03-02', to: '2026-03-01' },
    { to: 'The end date must not be before the start date' },
  ],
  ['a long search', { q: 'x'.repeat(101) }, { q: 'Search must be at most 100 characters' }],
  ['a search with a hidden character', { q: 'jane\u{E0041}' }, { q: 'Search must not contain hidden characters' }],
  ['a forged cursor', { cursor: 'bm90LWEtY3Vyc29y' }, { cursor: 'Cursor is not valid' }],
  ['a cursor of another shape', { cursor: '../../etc' }, { cursor: 'Cursor is not valid' }],
  ['a zero limit', { limit: '0' }, { limit: 'Limit must be at least 1' }],
  ['a huge limit', { limit: '100000' }, { limit: 'Limit must be at most 200' }],
  ['a limit that is no number', { limit: 'ten' }, { limit: 'Limit must be a number' }],
])('%s is a 400 naming the field', async (_, query, fieldErrors) => {
  const ctx = await setup();
  const res = await ctx.operator.get(`/api/leads?${new URLSearchParams(query)}`);
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual(fieldErrors);
  expect(res.body.error).toEqual(expect.any(String));
});

test('a parameter given twice is a 400, not a 500', async () => {
  const ctx = await setup();
  const res = await ctx.operator.get('/api/leads?kind=demo&kind=contact&state=queued&state=retrying');
  expect(res.status).toBe(400);
  expect(Object.keys(res.body.fieldErrors).sort()).toEqual(['kind', 'state']);
});

test('the delivery summary counts what waits, tells the oldest and whether a webhook is set', async () => {
  const ctx = await setup();
  const empty = await ctx.operator.get('/api/leads/delivery');
  expect(empty.body).toEqual({
    webhookConfigured: false,
    giveUpHours: 72,
    queued: 0,
    retrying: 0,
    givenUp: 0,
    undelivered: 0,
    oldestUndeliveredAt: null,
    checkedAt: T0,
  });
  await seedLeads(ctx.db, [
    { createdAt: '2026-02-27T09:00:00.000Z', state: 'delivered' },
    { createdAt: '2026-02-28T09:00:00.000Z', state: 'given_up' },
    { createdAt: '2026-03-01T09:00:00.000Z', state: 'retrying' },
    { createdAt: '2026-03-02T09:00:00.000Z' },
    { createdAt: '2026-03-02T10:00:00.000Z' },
  ]);
  expect((await ctx.operator.get('/api/leads/delivery')).body).toEqual({
    webhookConfigured: false,
    giveUpHours: 72,
    queued: 2,
    retrying: 1,
    givenUp: 1,
    undelivered: 4,
    oldestUndeliveredAt: '2026-02-28T09:00:00.000Z',
    checkedAt: T0,
  });

  const configured = await setup({ LEAD_WEBHOOK_URL: 'https://automation.example/hooks/lead' });
  expect((await configured.operator.get('/api/leads/delivery')).body.webhookConfigured).toBe(true);
});

test('what an operator searched for never reaches the request log', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const ctx = await setup({}, { logger: createLogger('info', sink) });
  await seedLeads(ctx.db, [{ createdAt: T0, email: 'secret.person@example.com', phone: '2108675309' }]);
  expect(await ctx.names({ q: 'secret.person@example.com', kind: 'demo' })).toHaveLength(1);
  expect(await ctx.names({ q: '2108675309' })).toHaveLength(1);
  const log = lines.join('');
  expect(log).toContain('/api/leads?q=%5Bredacted%5D&kind=demo');
  expect(log).not.toContain('secret.person');
  expect(log).not.toContain('8675309');
});
