import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import type { AnalyticsRange, AnalyticsSummary, CountRow, RecentVisit } from '#shared/operator-api.ts';
import { classifyUserAgent } from '#shared/user-agent.ts';

const DAY_MS = 86_400_000;
/** Rows per breakdown table on the analytics page. */
export const TOP_N = 10;

export interface DayRange {
  /** Inclusive lower and exclusive upper bound, ISO-8601 UTC, comparable with visits.timestamp as text. */
  from: string;
  to: string;
  /** Every day of the range, yyyy-mm-dd, oldest first. */
  dates: string[];
}

/** The last `days` UTC calendar days, today included. */
export function dayRange(now: Date, days: number): DayRange {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const first = today - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, i) => new Date(first + i * DAY_MS).toISOString().slice(0, 10));
  return { from: new Date(first).toISOString(), to: new Date(today + DAY_MS).toISOString(), dates };
}

type Dimension = 'page' | 'source' | 'referrer' | 'device' | 'browser';

/**
 * Runs one of the summary's reads after letting the event loop take its turn: SQLite answers synchronously,
 * so without this the reads of a summary would hold the loop as one block, not as several short ones.
 */
async function between<T>(read: () => Promise<T>): Promise<T> {
  await new Promise((resolve) => setImmediate(resolve));
  return read();
}

/**
 * Aggregations for the analytics page. The summary reads the daily rollups (server/analytics/visit-rollup.ts):
 * its work grows with the days of the range and the distinct values per day, not with the stored visits.
 */
export function analyticsStore(db: DB) {
  const visitsIn = ({ from, to }: DayRange) =>
    db.selectFrom('visits').where('timestamp', '>=', from).where('timestamp', '<', to);
  const firstDay = (range: DayRange) => range.dates[0] ?? '';
  const lastDay = (range: DayRange) => range.dates.at(-1) ?? '';
  const daysIn = (range: DayRange) =>
    db.selectFrom('visit_days').where('day', '>=', firstDay(range)).where('day', '<=', lastDay(range));

  function countsIn(range: DayRange, dimension: Dimension) {
    return db
      .selectFrom('visit_day_counts')
      .select((eb) => [eb.ref('value').as('label'), eb.fn.sum<number>('visits').as('visits')])
      .where('dimension', '=', dimension)
      .where('day', '>=', firstDay(range))
      .where('day', '<=', lastDay(range))
      .groupBy('value');
  }

  async function topOf(range: DayRange, dimension: Dimension): Promise<CountRow[]> {
    const rows = await countsIn(range, dimension).orderBy('visits', 'desc').orderBy('label').limit(TOP_N).execute();
    return rows.map((row) => ({ label: row.label, visits: Number(row.visits) }));
  }

  /** Every device or browser class, most visits first. */
  async function allOf(range: DayRange, dimension: Dimension): Promise<CountRow[]> {
    const rows = await countsIn(range, dimension).execute();
    return rows
      .map((row) => ({ label: row.label, visits: Number(row.visits) }))
      .sort((a, b) => b.visits - a.visits || a.label.localeCompare(b.label));
  }

  /** Countries and cities from one read of the places rollup: the distinct places of the range are few. */
  async function places(range: DayRange): Promise<{ countries: CountRow[]; cities: CountRow[] }> {
    const rows = await db
      .selectFrom('visit_day_places')
      .select((eb) => ['city', 'region', 'country', eb.fn.sum<number>('visits').as('visits')])
      .where('day', '>=', firstDay(range))
      .where('day', '<=', lastDay(range))
      .groupBy(['city', 'region', 'country'])
      .execute();
    const byCountry = new Map<string, number>();
    for (const row of rows) byCountry.set(row.country, (byCountry.get(row.country) ?? 0) + Number(row.visits));
    // Ties by label, compared as plain strings (as SQLite's binary collation does for names like these).
    const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const countries = [...byCountry]
      .map(([label, visits]) => ({ label, visits }))
      .sort((a, b) => b.visits - a.visits || order(a.label, b.label))
      .slice(0, TOP_N);
    const cities = rows
      .map((row) => ({ ...row, visits: Number(row.visits) }))
      .sort(
        (a, b) =>
          b.visits - a.visits || order(a.city, b.city) || order(a.region, b.region) || order(a.country, b.country),
      )
      .slice(0, TOP_N)
      .map((row) => ({
        label: [row.city, row.region, row.country].filter((part) => part !== 'Unknown').join(', ') || 'Unknown',
        visits: row.visits,
      }));
    return { countries, cities };
  }

  /**
   * Distinct addresses in the range. Each address counts on the day of its latest visit, so for a range that
   * ends today the sum over its days is the answer; addresses whose latest visit is later still (stored with a
   * clock ahead of this one) are looked up one by one, and there are normally none.
   */
  async function uniqueVisitors(range: DayRange, lastSeen: number): Promise<number> {
    const later = await db.selectFrom('visits').select('id').where('timestamp', '>=', range.to).limit(1).execute();
    if (later.length === 0) return lastSeen;
    const { addresses } = await db
      .selectFrom('visits as v')
      .select((eb) => eb.fn.count<number>('v.ip_address').distinct().as('addresses'))
      .where('v.timestamp', '>=', range.to)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('visits as w')
            .select('w.id')
            .whereRef('w.ip_address', '=', 'v.ip_address')
            .where('w.timestamp', '>=', range.from)
            .where('w.timestamp', '<', range.to),
        ),
      )
      .executeTakeFirstOrThrow();
    return lastSeen + Number(addresses);
  }

  return {
    async summary(now: Date, days: AnalyticsRange): Promise<AnalyticsSummary> {
      const range = dayRange(now, days);
      const perDayRows = await daysIn(range)
        .select(['day', 'visits', 'unique_visitors', 'return_visits', 'duration_total', 'last_seen'])
        .execute();
      const byDate = new Map(perDayRows.map((row) => [row.day, row]));
      let visits = 0;
      let returnVisits = 0;
      let duration = 0;
      let lastSeen = 0;
      for (const row of perDayRows) {
        visits += row.visits;
        returnVisits += row.return_visits;
        duration += row.duration_total;
        lastSeen += row.last_seen;
      }
      return {
        days,
        from: firstDay(range),
        to: lastDay(range),
        totals: {
          visits,
          uniqueVisitors: await uniqueVisitors(range, lastSeen),
          returnVisits,
          returnVisitShare: visits === 0 ? 0 : returnVisits / visits,
          averageDuration: visits === 0 ? 0 : Math.round(duration / visits),
        },
        perDay: range.dates.map((date) => ({
          date,
          visits: byDate.get(date)?.visits ?? 0,
          uniqueVisitors: byDate.get(date)?.unique_visitors ?? 0,
        })),
        topPages: await between(() => topOf(range, 'page')),
        sources: await between(() => topOf(range, 'source')),
        referrers: await between(() => topOf(range, 'referrer')),
        ...(await between(() => places(range))),
        devices: await between(() => allOf(range, 'device')),
        browsers: await between(() => allOf(range, 'browser')),
      };
    },

    /** Visits of the range, newest first, one page at a time, with the range's total. */
    async recent(now: Date, days: AnalyticsRange, page: number, pageSize: number) {
      const range = dayRange(now, days);
      // The total from the rollup; the page through the timestamp index, newest first.
      const { total } = await daysIn(range)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('visits'), sql.lit(0)).as('total'))
        .executeTakeFirstOrThrow();
      const rows = await visitsIn(range)
        .selectAll()
        .orderBy('timestamp', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute();
      const visits: RecentVisit[] = rows.map((row) => ({
        id: row.id,
        timestamp: row.timestamp,
        page: row.page_visited,
        ipAddress: row.ip_address,
        country: row.country,
        region: row.region,
        city: row.city,
        referrer: row.referrer,
        returnVisit: row.is_return_visit === 1,
        duration: row.visit_duration,
        sourceTag: row.source_tag,
        ...classifyUserAgent(row.user_agent),
      }));
      return { total: Number(total), visits };
    },
  };
}

export type AnalyticsStore = ReturnType<typeof analyticsStore>;
