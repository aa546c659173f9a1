import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database } from '#db/schema.ts';
import type { VisitDimension } from '#db/tables/visit-rollups.ts';
import type { VisitsTable } from '#db/tables/visits.ts';
import { classifyUserAgent } from '#shared/user-agent.ts';

// The analytics summary reads daily rollups (db/tables/visit-rollups.ts), so its cost grows with days and
// distinct values, not with stored visits. They are kept exact: every insert adds to them in its transaction,
// and retention rebuilds the one day it cuts into from the visits left.

/** The label of visits without a source tag (tags are lower-case letters, digits, '-' and '_'). */
export const NO_SOURCE = '(none)';

const DAY_MS = 86_400_000;

/** yyyy-mm-dd of an ISO-8601 UTC timestamp. As text, a day sorts before every timestamp of that day. */
export function dayOf(timestamp: string): string {
  return timestamp.slice(0, 10);
}

function nextDay(day: string): string {
  return new Date(Date.parse(day) + DAY_MS).toISOString().slice(0, 10);
}

/**
 * Adds a visit to the rollups. Call in the transaction that stores it, before the insert: it looks at the
 * address's earlier visits to count it once per day and on its latest day only.
 */
export async function addToRollup(trx: Kysely<Database>, visit: Insertable<VisitsTable>): Promise<void> {
  const day = dayOf(visit.timestamp);
  const ip = visit.ip_address;
  const latest = await trx
    .selectFrom('visits')
    .select((eb) => eb.fn.max('timestamp').as('at'))
    .where('ip_address', '=', ip)
    .executeTakeFirst();
  const latestDay = latest?.at ? dayOf(latest.at) : undefined;
  // A visit older than the address's latest (stored out of order) needs its own look at that day.
  const seenThatDay =
    latestDay === undefined || latestDay < day
      ? false
      : latestDay === day ||
        (await trx
          .selectFrom('visits')
          .select('id')
          .where('ip_address', '=', ip)
          .where('timestamp', '>=', day)
          .where('timestamp', '<', nextDay(day))
          .limit(1)
          .executeTakeFirst()) !== undefined;
  const newLatest = latestDay === undefined || latestDay < day;

  await trx
    .insertInto('visit_days')
    .values({
      day,
      visits: 1,
      unique_visitors: seenThatDay ? 0 : 1,
      return_visits: visit.is_return_visit,
      duration_total: visit.visit_duration,
      last_seen: newLatest ? 1 : 0,
    })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({
        visits: eb('visit_days.visits', '+', eb.ref('excluded.visits')),
        unique_visitors: eb('visit_days.unique_visitors', '+', eb.ref('excluded.unique_visitors')),
        return_visits: eb('visit_days.return_visits', '+', eb.ref('excluded.return_visits')),
        duration_total: eb('visit_days.duration_total', '+', eb.ref('excluded.duration_total')),
        last_seen: eb('visit_days.last_seen', '+', eb.ref('excluded.last_seen')),
      })),
    )
    .execute();
  if (newLatest && latestDay !== undefined) {
    await trx
      .updateTable('visit_days')
      .set((eb) => ({ last_seen: eb('last_seen', '-', 1) }))
      .where('day', '=', latestDay)
      .execute();
  }

  const { device, browser } = classifyUserAgent(visit.user_agent);
  const counts: { dimension: VisitDimension; value: string }[] = [
    { dimension: 'page', value: visit.page_visited },
    { dimension: 'source', value: visit.source_tag ?? NO_SOURCE },
    { dimension: 'referrer', value: visit.referrer },
    { dimension: 'device', value: device },
    { dimension: 'browser', value: browser },
  ];
  await trx
    .insertInto('visit_day_counts')
    .values(counts.map((count) => ({ ...count, day, visits: 1 })))
    .onConflict((oc) =>
      oc
        .columns(['dimension', 'day', 'value'])
        .doUpdateSet((eb) => ({ visits: eb('visit_day_counts.visits', '+', eb.ref('excluded.visits')) })),
    )
    .execute();
  await trx
    .insertInto('visit_day_places')
    .values({ day, country: visit.country, region: visit.region, city: visit.city, visits: 1 })
    .onConflict((oc) =>
      oc
        .columns(['day', 'country', 'region', 'city'])
        .doUpdateSet((eb) => ({ visits: eb('visit_day_places.visits', '+', eb.ref('excluded.visits')) })),
    )
    .execute();
}

/**
 * After retention deleted the visits before `cutoff`: drops the rollups of the days that are gone and
 * rebuilds the day the cutoff falls in from the visits left. Call in the deleting transaction.
 */
export async function pruneRollup(trx: Kysely<Database>, cutoff: string): Promise<void> {
  const day = dayOf(cutoff);
  for (const table of ['visit_days', 'visit_day_counts', 'visit_day_places'] as const) {
    await trx.deleteFrom(table).where('day', '<=', day).execute();
  }
  await rebuildDay(trx, day);
}

/**
 * After some visits of `days` were deleted (a privacy erasure deletes every visit of some addresses): rebuilds
 * each of those days from the visits left. Call in the deleting transaction. Every visit of an address going
 * means its latest day is among these, so the days outside them keep exact figures as they are.
 */
export async function rebuildRollupDays(trx: Kysely<Database>, days: Iterable<string>): Promise<void> {
  for (const day of new Set(days)) {
    for (const table of ['visit_days', 'visit_day_counts', 'visit_day_places'] as const) {
      await trx.deleteFrom(table).where('day', '=', day).execute();
    }
    await rebuildDay(trx, day);
  }
}

/** The rollups of one day from its stored visits (none are kept for a day without visits). */
async function rebuildDay(trx: Kysely<Database>, day: string): Promise<void> {
  const next = nextDay(day);
  const inDay = sql`timestamp >= ${day} and timestamp < ${next}`;
  await sql`
    insert into visit_days (day, visits, unique_visitors, return_visits, duration_total, last_seen)
    select ${day}, count(*), count(distinct ip_address), sum(is_return_visit), sum(visit_duration),
      (select count(distinct v.ip_address) from visits v
        where v.timestamp >= ${day} and v.timestamp < ${next}
          and not exists (select 1 from visits w where w.ip_address = v.ip_address and w.timestamp >= ${next}))
    from visits where ${inDay}
    having count(*) > 0`.execute(trx);
  for (const [dimension, column] of [
    ['page', sql`page_visited`],
    ['source', sql`coalesce(source_tag, ${NO_SOURCE})`],
    ['referrer', sql`referrer`],
  ] as const) {
    await sql`
      insert into visit_day_counts (dimension, day, value, visits)
      select ${dimension}, ${day}, ${column}, count(*) from visits where ${inDay} group by 3`.execute(trx);
  }
  await sql`
    insert into visit_day_places (day, country, region, city, visits)
    select ${day}, country, region, city, count(*) from visits where ${inDay} group by country, region, city`.execute(
    trx,
  );
  const agents = await trx
    .selectFrom('visits')
    .select((eb) => ['user_agent', eb.fn.countAll<number>().as('visits')])
    .where('timestamp', '>=', day)
    .where('timestamp', '<', next)
    .groupBy('user_agent')
    .execute();
  const counts = new Map<string, { dimension: VisitDimension; value: string; visits: number }>();
  for (const row of agents) {
    const { device, browser } = classifyUserAgent(row.user_agent);
    for (const [dimension, value] of [
      ['device', device],
      ['browser', browser],
    ] as const) {
      const key = `${dimension}\n${value}`;
      const count = counts.get(key) ?? { dimension, value, visits: 0 };
      count.visits += Number(row.visits);
      counts.set(key, count);
    }
  }
  if (counts.size) {
    await trx
      .insertInto('visit_day_counts')
      .values([...counts.values()].map((count) => ({ ...count, day })))
      .execute();
  }
}
