import { sql } from 'kysely';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { sharedCounts } from '#server/http/rate-limit-store.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// The per-address counts several instances share on PostgreSQL (server/http/rate-limit-store.ts). SQLite, one
// instance, counts in memory: these tests are PostgreSQL's only.
const onPostgres = test.skipIf(testPostgresUrl() === undefined);

const T0 = new Date('2026-03-02T18:00:00.000Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(T0.getTime() + ms);

const open: TestApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});

async function app(env: Record<string, string> = {}) {
  const time = manualClock(T0.toISOString());
  const ctx = await createTestApp(env, { clock: time.clock });
  open.push(ctx);
  return { ...ctx, time };
}

const rows = async (ctx: TestApp) =>
  (await sql<{ key: string; hits: number }>`select key, hits from rate_limits order by key`.execute(ctx.db)).rows.map(
    (row) => [row.key, Number(row.hits)],
  );

onPostgres('a window opens with the first hit, counts until it closes, then starts again from one', async () => {
  const ctx = await app();
  const counts = sharedCounts(ctx.db, 'test');
  expect(await counts.get('198.51.100.1', T0)).toBeUndefined();
  expect(await counts.add('198.51.100.1', T0, MINUTE)).toEqual({ hits: 1, resetAt: at(MINUTE) });
  expect(await counts.add('198.51.100.1', at(59_000), MINUTE)).toEqual({ hits: 2, resetAt: at(MINUTE) });
  expect(await counts.get('198.51.100.1', at(59_000))).toEqual({ hits: 2, resetAt: at(MINUTE) });
  // Closed: nothing is counted any more, and the next hit opens a new window.
  expect(await counts.get('198.51.100.1', at(MINUTE))).toBeUndefined();
  expect(await counts.add('198.51.100.1', at(MINUTE), MINUTE)).toEqual({ hits: 1, resetAt: at(2 * MINUTE) });
  await counts.remove('198.51.100.1', at(MINUTE));
  expect(await counts.get('198.51.100.1', at(MINUTE))).toEqual({ hits: 0, resetAt: at(2 * MINUTE) });
  await counts.reset('198.51.100.1');
  expect(await counts.get('198.51.100.1', at(MINUTE))).toBeUndefined();
});

onPostgres('concurrent hits are all counted, and each named counter keeps its own counts', async () => {
  const ctx = await app();
  const api = sharedCounts(ctx.db, 'api');
  const visits = sharedCounts(ctx.db, 'visits');
  const answers = await Promise.all(Array.from({ length: 40 }, () => api.add('198.51.100.1', T0, MINUTE)));
  expect(answers.map((answer) => answer.hits).sort((x, y) => x - y)).toEqual(
    Array.from({ length: 40 }, (_, i) => i + 1),
  );
  await visits.add('198.51.100.1', T0, MINUTE);
  expect(await rows(ctx)).toEqual([
    ['api:198.51.100.1', 40],
    ['visits:198.51.100.1', 1],
  ]);
});

onPostgres('closed windows are deleted, so the table holds only the addresses seen lately', async () => {
  const ctx = await app();
  const counts = sharedCounts(ctx.db, 'api');
  for (let i = 0; i < 5; i++) await counts.add(`198.51.100.${i}`, T0, MINUTE);
  // The first clean-up is due a minute after the first hit; these windows have closed by then.
  await counts.add('203.0.113.9', at(2 * MINUTE), MINUTE);
  await expect.poll(() => rows(ctx), { timeout: 30_000 }).toEqual([['api:203.0.113.9', 1]]);
});

onPostgres('when the counts cannot be read, API requests are let through uncounted rather than failed', async () => {
  const ctx = await app({ API_RATE_LIMIT_PER_MINUTE: '2' });
  await sql`drop table rate_limits`.execute(ctx.db);
  for (let i = 0; i < 4; i++) {
    const res = await request(ctx.app).get('/api/session');
    expect(res.status).toBe(200);
  }
});
