import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Selectable } from 'kysely';
import { CompiledQuery } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, expect, test } from 'vitest';
import { createDatabase, type DB, migrateToLatest } from '#db/database.ts';
import { migrations } from '#db/migrations/index.ts';
import type { VisitsTable } from '#db/tables/visits.ts';
import { type NewVisit, visitStore } from '#server/visits/visit-store.ts';
import type { AnalyticsRange, AnalyticsSummary, CountRow } from '#shared/operator-api.ts';
import { classifyUserAgent } from '#shared/user-agent.ts';
import { analyticsStore, dayRange, TOP_N } from './analytics-store.ts';

const NOW = new Date('2026-03-15T12:00:00.000Z');
const DAY_MS = 86_400_000;
const RANGES: AnalyticsRange[] = [7, 30, 90];

type Visit = Selectable<VisitsTable>;

const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDatabase(): DB {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-rollup-'));
  dirs.push(dir);
  const db = createDatabase(path.join(dir, 'porchlight.sqlite'));
  open.push(db);
  return db;
}

/** A small deterministic generator, so a failure can be replayed from its seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  '',
];
const PLACES = [
  ['US', 'California', 'Mountain View'],
  ['US', 'Texas', 'San Antonio'],
  ['US', 'Texas', 'Austin'],
  ['GB', 'England', 'London'],
  ['GB', 'Unknown', 'Unknown'],
  ['Unknown', 'Unknown', 'Unknown'],
];

/**
 * Visits over 100 days before `NOW` (so some fall outside every range) and a few after it (a clock ahead),
 * from a small pool of addresses so that they repeat within and across days; not in time order.
 */
function randomVisits(seed: number, count: number): NewVisit[] {
  const random = prng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: count }, () => {
    const [country, region, city] = pick(PLACES);
    const ahead = random() < 0.03;
    const at = NOW.getTime() + (ahead ? random() * 2 * DAY_MS : -random() * 100 * DAY_MS);
    return {
      ip_address: `10.0.0.${Math.floor(random() * 40)}`,
      timestamp: new Date(Math.floor(at)).toISOString(),
      page_visited: pick(['/', '/blogs', '/pricing', '/about-us', '/blog/a', '/blog/b']),
      country: country ?? 'Unknown',
      region: region ?? 'Unknown',
      city: city ?? 'Unknown',
      latitude: null,
      longitude: null,
      user_agent: pick(AGENTS),
      referrer: pick(['direct', 'direct', 'https://www.google.com/', 'https://www.bing.com/', 'https://t.co/']),
      is_return_visit: random() < 0.4 ? 1 : 0,
      visit_duration: Math.floor(random() * 600),
      source_tag: pick([null, null, 'website', 'agent-isa', 'isa-hq']),
      calendar_link: null,
    };
  });
}

/** The summary counted directly over the stored visits, the way it was before the rollups. */
async function directSummary(db: DB, now: Date, days: AnalyticsRange): Promise<AnalyticsSummary> {
  const range = dayRange(now, days);
  const rows: Visit[] = (await db.selectFrom('visits').selectAll().execute()).filter(
    (row) => row.timestamp >= range.from && row.timestamp < range.to,
  );
  const tally = (label: (row: Visit) => string) => {
    const counts = new Map<string, number>();
    for (const row of rows) counts.set(label(row), (counts.get(label(row)) ?? 0) + 1);
    return [...counts]
      .map(([key, visits]) => ({ label: key, visits }))
      .sort((a, b) => b.visits - a.visits || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  };
  const top = (label: (row: Visit) => string): CountRow[] => tally(label).slice(0, TOP_N);
  const visits = rows.length;
  const returnVisits = rows.filter((row) => row.is_return_visit === 1).length;
  const duration = rows.reduce((sum, row) => sum + row.visit_duration, 0);
  const place = (row: Visit) => `${row.city}\u0001${row.region}\u0001${row.country}`;
  return {
    days,
    from: range.dates[0] ?? '',
    to: range.dates.at(-1) ?? '',
    totals: {
      visits,
      uniqueVisitors: new Set(rows.map((row) => row.ip_address)).size,
      returnVisits,
      returnVisitShare: visits === 0 ? 0 : returnVisits / visits,
      averageDuration: visits === 0 ? 0 : Math.round(duration / visits),
    },
    perDay: range.dates.map((date) => {
      const ofDay = rows.filter((row) => row.timestamp.startsWith(date));
      return { date, visits: ofDay.length, uniqueVisitors: new Set(ofDay.map((row) => row.ip_address)).size };
    }),
    topPages: top((row) => row.page_visited),
    sources: top((row) => row.source_tag ?? '(none)'),
    referrers: top((row) => row.referrer),
    countries: top((row) => row.country),
    cities: top(place).map(({ label, visits: n }) => ({
      label:
        label
          .split('\u0001')
          .filter((part) => part !== 'Unknown')
          .join(', ') || 'Unknown',
      visits: n,
    })),
    devices: tally((row) => classifyUserAgent(row.user_agent).device).sort(
      (a, b) => b.visits - a.visits || a.label.localeCompare(b.label),
    ),
    browsers: tally((row) => classifyUserAgent(row.user_agent).browser).sort(
      (a, b) => b.visits - a.visits || a.label.localeCompare(b.label),
    ),
  };
}

async function expectSameAsDirect(db: DB, now: Date, what: string): Promise<void> {
  const analytics = analyticsStore(db);
  for (const days of RANGES) {
    expect(await analytics.summary(now, days), `${what}, ${days} days`).toEqual(await directSummary(db, now, days));
    const recent = await analytics.recent(now, days, 1, 5);
    expect(recent.total, `${what}, ${days} days`).toBe((await directSummary(db, now, days)).totals.visits);
  }
}

test.each([1, 2, 3])(
  'the summary from the rollups equals a direct count of the stored visits (seed %i)',
  async (seed) => {
    const db = tempDatabase();
    await migrateToLatest(db);
    const store = visitStore(db);
    for (const visit of randomVisits(seed, 400)) await store.add(visit);
    await expectSameAsDirect(db, NOW, 'after inserts');

    // Retention cutting into a day in the middle of each range, then more visits.
    for (const [retentionDays, at] of [
      [80, NOW],
      [25.5, NOW],
      [5.25, new Date(NOW.getTime() + 3 * 60 * 60_000)],
    ] as const) {
      expect(await store.prune(at, retentionDays)).toBeGreaterThan(0);
      await expectSameAsDirect(db, NOW, `after ${retentionDays} days of retention`);
    }
    for (const visit of randomVisits(seed + 100, 100)) await store.add(visit);
    await expectSameAsDirect(db, NOW, 'after more inserts');
    // Seen from later, the visits that were ahead of the clock are in range too.
    await expectSameAsDirect(db, new Date(NOW.getTime() + 3 * DAY_MS), 'three days later');
  },
);

test('the migration builds the rollups of the visits already stored', async () => {
  const db = tempDatabase();
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  await migrator.migrateTo('0004-outbox-delivery');
  const visits = randomVisits(7, 500);
  for (let i = 0; i < visits.length; i += 100) {
    await db
      .insertInto('visits')
      .values(visits.slice(i, i + 100))
      .execute();
  }
  expect(await migrateToLatest(db)).toContain('0005-visit-rollups');
  await expectSameAsDirect(db, NOW, 'after the migration');
  // And the rollups keep going from there.
  for (const visit of randomVisits(8, 100)) await visitStore(db).add(visit);
  await expectSameAsDirect(db, NOW, 'after more inserts');
});

test('recent visits page through the timestamp index, newest first, without sorting every visit', async () => {
  const db = tempDatabase();
  await migrateToLatest(db);
  const range = dayRange(NOW, 90);
  const plan = await db
    .selectFrom('visits')
    .selectAll()
    .where('timestamp', '>=', range.from)
    .where('timestamp', '<', range.to)
    .orderBy('timestamp', 'desc')
    .orderBy('id', 'desc')
    .limit(25)
    .compile();
  const { rows } = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${plan.sql}`, [...plan.parameters]),
  );
  const details = rows.map((row) => row.detail).join('\n');
  expect(details).toContain('USING INDEX visits_timestamp');
  expect(details).not.toContain('TEMP B-TREE');
});
