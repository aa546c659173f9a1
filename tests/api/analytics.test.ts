import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type NewVisit, visitStore } from '#server/visits/visit-store.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-15T12:00:00.000Z';
const time = manualClock(T0);
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let analyst: Awaited<ReturnType<typeof signedInAgent>>;

const UA = {
  chrome:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};
const MOUNTAIN_VIEW = {
  country: 'US',
  region: 'California',
  city: 'Mountain View',
  latitude: 37.42,
  longitude: -122.08,
};
const LONDON = { country: 'GB', region: 'England', city: 'London', latitude: 51.51, longitude: -0.09 };
const GOOGLE = 'https://www.google.com/';

function visit(timestamp: string, ip: string, fields: Partial<NewVisit>): NewVisit {
  return {
    ip_address: ip,
    timestamp,
    page_visited: '/',
    country: 'Unknown',
    region: 'Unknown',
    city: 'Unknown',
    latitude: null,
    longitude: null,
    user_agent: UA.chrome,
    referrer: 'direct',
    is_return_visit: 0,
    visit_duration: 0,
    source_tag: 'website',
    calendar_link: null,
    ...fields,
  };
}

// Seven visits; the last one falls just before the 7-day range (2026-03-09 .. 2026-03-15, UTC).
const seeded: NewVisit[] = [
  visit('2026-03-15T10:00:00.000Z', '8.8.8.8', { ...MOUNTAIN_VIEW, visit_duration: 30 }),
  visit('2026-03-15T11:00:00.000Z', '8.8.8.8', {
    ...MOUNTAIN_VIEW,
    page_visited: '/blogs',
    referrer: GOOGLE,
    is_return_visit: 1,
    visit_duration: 90,
  }),
  visit('2026-03-14T09:00:00.000Z', '81.2.69.160', {
    ...LONDON,
    user_agent: UA.iphone,
    referrer: GOOGLE,
    visit_duration: 60,
    source_tag: 'agent-isa',
  }),
  visit('2026-03-13T09:00:00.000Z', '66.249.66.1', { ...MOUNTAIN_VIEW, user_agent: UA.googlebot, source_tag: null }),
  visit('2026-03-12T09:00:00.000Z', '10.0.0.1', { user_agent: UA.samsung, is_return_visit: 1, source_tag: null }),
  visit('2026-03-09T00:00:00.000Z', '81.2.69.160', {
    ...LONDON,
    page_visited: '/blogs',
    user_agent: UA.ipad,
    is_return_visit: 1,
    visit_duration: 120,
    source_tag: 'isa-hq',
  }),
  visit('2026-03-08T23:59:59.999Z', '1.1.1.1', { page_visited: '/pricing' }),
];

beforeAll(async () => {
  ctx = await createTestApp(SIGN_IN_ENV, { clock: time.clock });
  for (const row of seeded) await visitStore(ctx.db).add(row);
  analyst = await signedInAgent(ctx.app, 'analytics');
});
afterAll(() => ctx.close());

test('analytics needs the analytics role: 401 without a session and with only the client role', async () => {
  for (const path of ['/api/analytics/summary', '/api/analytics/visits']) {
    const anonymous = await request(ctx.app).get(path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ error: 'Please sign in to continue.' });
    const client = await signedInAgent(ctx.app, 'client');
    expect((await client.get(path)).status).toBe(401);
  }
});

test('the 7-day summary matches the seeded visits exactly', async () => {
  const res = await analyst.get('/api/analytics/summary?days=7');
  expect(res.status).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.body).toEqual({
    days: 7,
    from: '2026-03-09',
    to: '2026-03-15',
    totals: { visits: 6, uniqueVisitors: 4, returnVisits: 3, returnVisitShare: 0.5, averageDuration: 50 },
    perDay: [
      { date: '2026-03-09', visits: 1, uniqueVisitors: 1 },
      { date: '2026-03-10', visits: 0, uniqueVisitors: 0 },
      { date: '2026-03-11', visits: 0, uniqueVisitors: 0 },
      { date: '2026-03-12', visits: 1, uniqueVisitors: 1 },
      { date: '2026-03-13', visits: 1, uniqueVisitors: 1 },
      { date: '2026-03-14', visits: 1, uniqueVisitors: 1 },
      { date: '2026-03-15', visits: 2, uniqueVisitors: 1 },
    ],
    topPages: [
      { label: '/', visits: 4 },
      { label: '/blogs', visits: 2 },
    ],
    sources: [
      { label: '(none)', visits: 2 },
      { label: 'website', visits: 2 },
      { label: 'agent-isa', visits: 1 },
      { label: 'isa-hq', visits: 1 },
    ],
    referrers: [
      { label: 'direct', visits: 4 },
      { label: GOOGLE, visits: 2 },
    ],
    countries: [
      { label: 'US', visits: 3 },
      { label: 'GB', visits: 2 },
      { label: 'Unknown', visits: 1 },
    ],
    cities: [
      { label: 'Mountain View, California, US', visits: 3 },
      { label: 'London, England, GB', visits: 2 },
      { label: 'Unknown', visits: 1 },
    ],
    devices: [
      { label: 'desktop', visits: 2 },
      { label: 'mobile', visits: 2 },
      { label: 'bot', visits: 1 },
      { label: 'tablet', visits: 1 },
    ],
    browsers: [
      { label: 'Chrome', visits: 2 },
      { label: 'Safari', visits: 2 },
      { label: 'Other', visits: 1 },
      { label: 'Samsung Internet', visits: 1 },
    ],
  });
});

test('the 30-day range takes in the older visit and defaults to 7 days without a parameter', async () => {
  const month = await analyst.get('/api/analytics/summary?days=30');
  expect(month.body.totals).toEqual({
    visits: 7,
    uniqueVisitors: 5,
    returnVisits: 3,
    returnVisitShare: 3 / 7,
    averageDuration: 43,
  });
  expect(month.body.perDay).toHaveLength(30);
  expect(month.body.from).toBe('2026-02-14');
  expect(month.body.topPages).toContainEqual({ label: '/pricing', visits: 1 });
  expect((await analyst.get('/api/analytics/summary')).body.days).toBe(7);
});

test('a range without visits gives zeros and empty lists', async () => {
  // The same visits, seen from ten months later.
  const later = await createTestApp(SIGN_IN_ENV, { clock: manualClock('2027-01-10T00:00:00.000Z').clock });
  try {
    for (const row of seeded) await visitStore(later.db).add(row);
    const agent = await signedInAgent(later.app, 'analytics');
    const res = await agent.get('/api/analytics/summary?days=90');
    expect(res.status).toBe(200);
    expect(res.body.totals).toEqual({
      visits: 0,
      uniqueVisitors: 0,
      returnVisits: 0,
      returnVisitShare: 0,
      averageDuration: 0,
    });
    expect(res.body.perDay).toHaveLength(90);
    expect(res.body.perDay.every((d: { visits: number }) => d.visits === 0)).toBe(true);
    for (const list of ['topPages', 'sources', 'referrers', 'countries', 'cities', 'devices', 'browsers']) {
      expect(res.body[list]).toEqual([]);
    }
    const visits = await agent.get('/api/analytics/visits?days=90');
    expect(visits.body).toEqual({ days: 90, page: 1, pageSize: 25, total: 0, visits: [] });
  } finally {
    await later.close();
  }
});

test('recent visits come newest first, a page at a time, with the total', async () => {
  const first = await analyst.get('/api/analytics/visits?days=30&page=1&pageSize=3');
  expect(first.status).toBe(200);
  expect(first.body).toMatchObject({ days: 30, page: 1, pageSize: 3, total: 7 });
  expect(first.body.visits.map((v: { timestamp: string }) => v.timestamp)).toEqual([
    '2026-03-15T11:00:00.000Z',
    '2026-03-15T10:00:00.000Z',
    '2026-03-14T09:00:00.000Z',
  ]);
  expect(first.body.visits[0]).toEqual({
    id: expect.any(Number),
    timestamp: '2026-03-15T11:00:00.000Z',
    page: '/blogs',
    ipAddress: '8.8.8.8',
    country: 'US',
    region: 'California',
    city: 'Mountain View',
    referrer: GOOGLE,
    returnVisit: true,
    duration: 90,
    sourceTag: 'website',
    device: 'desktop',
    browser: 'Chrome',
  });

  const last = await analyst.get('/api/analytics/visits?days=30&page=3&pageSize=3');
  expect(last.body.visits.map((v: { page: string }) => v.page)).toEqual(['/pricing']);
  const beyond = await analyst.get('/api/analytics/visits?days=30&page=4&pageSize=3');
  expect(beyond.body).toMatchObject({ total: 7, visits: [] });

  const week = await analyst.get('/api/analytics/visits?days=7');
  expect(week.body).toMatchObject({ page: 1, pageSize: 25, total: 6 });
  expect(week.body.visits).toHaveLength(6);
});

test('bad query parameters are 400 with a message per parameter', async () => {
  const days = await analyst.get('/api/analytics/summary?days=14');
  expect(days.status).toBe(400);
  expect(days.body.fieldErrors).toEqual({ days: 'Days must be 7, 30 or 90' });
  const paging = await analyst.get('/api/analytics/visits?page=0&pageSize=500');
  expect(paging.status).toBe(400);
  expect(Object.keys(paging.body.fieldErrors).sort()).toEqual(['page', 'pageSize']);
});
