import { sql } from 'kysely';
import type { DB } from '#db/database.ts';
import type { AnalyticsRange, AnalyticsSummary, CountRow, RecentVisit } from '#shared/operator-api.ts';
import { classifyUserAgent, type UserAgentClass } from './user-agent.ts';

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

type GroupColumn = 'page_visited' | 'referrer' | 'country';

/** Aggregations over the visits table, all done in SQL except reading user agents (grouped in SQL first). */
export function analyticsStore(db: DB) {
  const visitsIn = ({ from, to }: DayRange) =>
    db.selectFrom('visits').where('timestamp', '>=', from).where('timestamp', '<', to);

  async function countBy(range: DayRange, column: GroupColumn): Promise<CountRow[]> {
    const rows = await visitsIn(range)
      .select((eb) => [eb.ref(column).as('label'), eb.fn.countAll<number>().as('visits')])
      .groupBy(column)
      .orderBy('visits', 'desc')
      .orderBy('label')
      .limit(TOP_N)
      .execute();
    return rows.map((row) => ({ label: row.label, visits: Number(row.visits) }));
  }

  async function sources(range: DayRange): Promise<CountRow[]> {
    const rows = await visitsIn(range)
      .select((eb) => [
        eb.fn.coalesce('source_tag', sql.lit('(none)')).as('label'),
        eb.fn.countAll<number>().as('visits'),
      ])
      .groupBy('source_tag')
      .orderBy('visits', 'desc')
      .orderBy('label')
      .limit(TOP_N)
      .execute();
    return rows.map((row) => ({ label: row.label, visits: Number(row.visits) }));
  }

  async function cities(range: DayRange): Promise<CountRow[]> {
    const rows = await visitsIn(range)
      .select((eb) => ['city', 'region', 'country', eb.fn.countAll<number>().as('visits')])
      .groupBy(['city', 'region', 'country'])
      .orderBy('visits', 'desc')
      .orderBy('city')
      .orderBy('region')
      .orderBy('country')
      .limit(TOP_N)
      .execute();
    return rows.map((row) => ({
      label: [row.city, row.region, row.country].filter((part) => part !== 'Unknown').join(', ') || 'Unknown',
      visits: Number(row.visits),
    }));
  }

  /** Devices and browsers: SQL counts each distinct user agent, which is then classified and summed. */
  async function clients(range: DayRange): Promise<{ devices: CountRow[]; browsers: CountRow[] }> {
    const rows = await visitsIn(range)
      .select((eb) => ['user_agent', eb.fn.countAll<number>().as('visits')])
      .groupBy('user_agent')
      .execute();
    const tally = (key: keyof UserAgentClass) => {
      const counts = new Map<string, number>();
      for (const row of rows) {
        const label = classifyUserAgent(row.user_agent)[key];
        counts.set(label, (counts.get(label) ?? 0) + Number(row.visits));
      }
      return [...counts]
        .map(([label, visits]) => ({ label, visits }))
        .sort((a, b) => b.visits - a.visits || a.label.localeCompare(b.label));
    };
    return { devices: tally('device'), browsers: tally('browser') };
  }

  return {
    async summary(now: Date, days: AnalyticsRange): Promise<AnalyticsSummary> {
      const range = dayRange(now, days);
      const totals = await visitsIn(range)
        .select((eb) => [
          eb.fn.countAll<number>().as('visits'),
          eb.fn.count<number>('ip_address').distinct().as('uniqueVisitors'),
          eb.fn.coalesce(eb.fn.sum<number>('is_return_visit'), sql.lit(0)).as('returnVisits'),
          eb.fn.coalesce(eb.fn.avg<number>('visit_duration'), sql.lit(0)).as('averageDuration'),
        ])
        .executeTakeFirstOrThrow();
      const day = sql<string>`substr(${sql.ref('timestamp')}, 1, 10)`;
      const perDayRows = await visitsIn(range)
        .select((eb) => [
          day.as('date'),
          eb.fn.countAll<number>().as('visits'),
          eb.fn.count<number>('ip_address').distinct().as('uniqueVisitors'),
        ])
        .groupBy(day)
        .execute();
      const byDate = new Map(perDayRows.map((row) => [row.date, row]));
      const visits = Number(totals.visits);
      const returnVisits = Number(totals.returnVisits);
      return {
        days,
        from: range.dates[0] ?? '',
        to: range.dates.at(-1) ?? '',
        totals: {
          visits,
          uniqueVisitors: Number(totals.uniqueVisitors),
          returnVisits,
          returnVisitShare: visits === 0 ? 0 : returnVisits / visits,
          averageDuration: Math.round(Number(totals.averageDuration)),
        },
        perDay: range.dates.map((date) => ({
          date,
          visits: Number(byDate.get(date)?.visits ?? 0),
          uniqueVisitors: Number(byDate.get(date)?.uniqueVisitors ?? 0),
        })),
        topPages: await countBy(range, 'page_visited'),
        sources: await sources(range),
        referrers: await countBy(range, 'referrer'),
        countries: await countBy(range, 'country'),
        cities: await cities(range),
        ...(await clients(range)),
      };
    },

    /** Visits of the range, newest first, one page at a time, with the range's total. */
    async recent(now: Date, days: AnalyticsRange, page: number, pageSize: number) {
      const range = dayRange(now, days);
      const { total } = await visitsIn(range)
        .select((eb) => eb.fn.countAll<number>().as('total'))
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
