// `npm run bench:analytics`: how long the analytics page's queries hold the event loop with many stored
// visits. Fills a temporary database with BENCH_VISITS visits (default 100,000; up to 1,000,000) spread over
// the last 90 days, then runs the migration that builds the daily rollups (as on an existing database), then
// times the summary for 7, 30 and 90 days and the first page of recent visits. Prints p50 / p99 / max; each
// query runs BENCH_RUNS times (50) or until its time budget is spent, and the longest the event loop waited
// meanwhile is printed beside it (the summary yields between its reads). Removes the database when done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { migrations } from '#db/migrations/index.ts';
import { analyticsStore } from '#server/analytics/analytics-store.ts';
import type { AnalyticsRange } from '#shared/operator-api.ts';

const VISITS = Math.min(Number(process.env.BENCH_VISITS ?? 100_000), 1_000_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 50), 1_000);
const BUDGET_MS = 4_000;
const DAY_MS = 86_400_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function report(label: string, { samples, blockedMs }: { samples: number[]; blockedMs: number }): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${label.padEnd(24)} n=${String(sorted.length).padEnd(4)} p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}  longest event-loop wait ${ms(blockedMs)}`;
}

/** A small deterministic generator, so two runs store the same visits. */
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

const USER_AGENTS = [
  (v: number) =>
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`,
  (v: number) =>
    `Mozilla/5.0 (iPhone; CPU iPhone OS 18_${v % 10} like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.${v % 10} Mobile/15E148 Safari/604.1`,
  (v: number) => `Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`,
  (v: number) =>
    `Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/${v % 30}.0 Chrome/${v}.0.0.0 Mobile Safari/537.36`,
  (v: number) => `Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) build/${v}`,
];

/** Raw visits in one transaction through one prepared statement: the rollup migration runs afterwards. */
function fill(file: string, count: number, now: Date): void {
  const random = prng(42);
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
  const pages = Array.from({ length: 40 }, (_, i) => (i === 0 ? '/' : `/page-${i}`));
  const referrers = Array.from({ length: 300 }, (_, i) => `https://site-${i}.example/path?q=${i}`);
  const tags = Array.from({ length: 15 }, (_, i) => `tag-${i}`);
  const places = Array.from({ length: 400 }, (_, i) => [`C${i % 30}`, `Region ${i % 90}`, `City ${i}`]);
  const agents = Array.from({ length: 300 }, (_, i) =>
    (USER_AGENTS[i % USER_AGENTS.length] as (v: number) => string)(100 + i),
  );
  const sqlite = new SQLite(file);
  const insert = sqlite.prepare(
    `insert into visits (ip_address, timestamp, page_visited, country, region, city, user_agent, referrer,
       is_return_visit, visit_duration, source_tag)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const start = now.getTime() - 90 * DAY_MS;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const place = pick(places);
      const ip = Math.floor(random() * 200_000);
      insert.run(
        `10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}`,
        new Date(start + Math.floor(random() * 90 * DAY_MS)).toISOString(),
        pick(pages),
        place[0],
        place[1],
        place[2],
        pick(agents),
        random() < 0.5 ? 'direct' : pick(referrers),
        random() < 0.3 ? 1 : 0,
        Math.floor(random() * 600),
        random() < 0.6 ? null : pick(tags),
      );
    }
  })();
  sqlite.close();
}

async function time(run: () => Promise<unknown>): Promise<{ samples: number[]; blockedMs: number }> {
  const samples: number[] = [];
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const started = performance.now();
  while (samples.length < RUNS && (samples.length < 3 || performance.now() - started < BUDGET_MS)) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  loop.disable();
  return { samples, blockedMs: loop.max / 1e6 };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-analytics-'));
const file = path.join(dataDir, 'bench.sqlite');
try {
  const now = new Date();
  const db = createDatabase(file);
  await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0004-outbox-delivery');
  let t0 = performance.now();
  fill(file, VISITS, now);
  console.log(`stored ${VISITS.toLocaleString('en-US')} visits in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const applied = await migrateToLatest(db);
  console.log(`${applied.join(', ')} (daily rollups) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`load average at start: ${os.loadavg()[0]?.toFixed(1)}`);
  const analytics = analyticsStore(db);
  for (const days of [7, 30, 90] as AnalyticsRange[]) {
    console.log(report(`summary, ${days} days`, await time(() => analytics.summary(now, days))));
  }
  console.log(report('recent visits, page 1', await time(() => analytics.recent(now, 90, 1, 25))));
  await db.destroy();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
