import { type Kysely, sql } from 'kysely';
import { columnTypes } from '#db/dialect.ts';
import { classifyUserAgent } from '#shared/user-agent.ts';

// Daily rollups for the analytics summary (db/tables/visit-rollups.ts), so that it reads days × distinct values
// instead of every stored visit, built here from the visits already stored. The index on (address, time) lets
// each insert find the address's latest visit, to count unique visitors exactly.
export async function up(db: Kysely<unknown>): Promise<void> {
  const { text, integer } = columnTypes(db);
  await db.schema.createIndex('visits_ip_timestamp').on('visits').columns(['ip_address', 'timestamp']).execute();

  await db.schema
    .createTable('visit_days')
    .addColumn('day', text, (c) => c.primaryKey())
    .addColumn('visits', integer, (c) => c.notNull())
    .addColumn('unique_visitors', integer, (c) => c.notNull())
    .addColumn('return_visits', integer, (c) => c.notNull())
    .addColumn('duration_total', integer, (c) => c.notNull())
    .addColumn('last_seen', integer, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('visit_day_counts')
    .addColumn('dimension', text, (c) => c.notNull())
    .addColumn('day', text, (c) => c.notNull())
    .addColumn('value', text, (c) => c.notNull())
    .addColumn('visits', integer, (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_day_counts_pk', ['dimension', 'day', 'value'])
    .execute();
  await db.schema.createIndex('visit_day_counts_day').on('visit_day_counts').column('day').execute();
  await db.schema
    .createTable('visit_day_places')
    .addColumn('day', text, (c) => c.notNull())
    .addColumn('country', text, (c) => c.notNull())
    .addColumn('region', text, (c) => c.notNull())
    .addColumn('city', text, (c) => c.notNull())
    .addColumn('visits', integer, (c) => c.notNull())
    .addPrimaryKeyConstraint('visit_day_places_pk', ['day', 'country', 'region', 'city'])
    .execute();

  const day = sql`substr(timestamp, 1, 10)`;
  await sql`
    insert into visit_days (day, visits, unique_visitors, return_visits, duration_total, last_seen)
    select ${day}, count(*), count(distinct ip_address), sum(is_return_visit), sum(visit_duration), 0
    from visits group by 1`.execute(db);
  // Each address counts on the day of its latest visit.
  const latest = await sql<{ day: string; addresses: number }>`
    select day, count(*) as addresses
    from (select substr(max(timestamp), 1, 10) as day from visits group by ip_address) as latest_days
    group by day`.execute(db);
  for (const row of latest.rows) {
    await sql`update visit_days set last_seen = ${row.addresses} where day = ${row.day}`.execute(db);
  }
  for (const [dimension, column] of [
    ['page', sql`page_visited`],
    ['source', sql`coalesce(source_tag, '(none)')`],
    ['referrer', sql`referrer`],
  ] as const) {
    await sql`
      insert into visit_day_counts (dimension, day, value, visits)
      select ${dimension}, ${day}, ${column}, count(*) from visits group by 2, 3`.execute(db);
  }
  await sql`
    insert into visit_day_places (day, country, region, city, visits)
    select ${day}, country, region, city, count(*) from visits group by 1, 2, 3, 4`.execute(db);

  // Devices and browsers are read from user agents, which SQL cannot do: each distinct agent of a day once.
  const agents = await sql<{ day: string; user_agent: string; visits: number }>`
    select ${day} as day, user_agent, count(*) as visits from visits group by 1, 2`.execute(db);
  const classes = new Map<string, ReturnType<typeof classifyUserAgent>>();
  const counts = new Map<string, [dimension: string, day: string, value: string, visits: number]>();
  for (const row of agents.rows) {
    let agent = classes.get(row.user_agent);
    if (!agent) {
      agent = classifyUserAgent(row.user_agent);
      classes.set(row.user_agent, agent);
    }
    for (const [dimension, value] of [
      ['device', agent.device],
      ['browser', agent.browser],
    ]) {
      const key = `${dimension}\n${row.day}\n${value}`;
      const count = counts.get(key) ?? [dimension as string, row.day, value as string, 0];
      count[3] += Number(row.visits);
      counts.set(key, count);
    }
  }
  const rows = [...counts.values()];
  for (let i = 0; i < rows.length; i += 500) {
    const values = rows.slice(i, i + 500).map((row) => sql`(${sql.join(row)})`);
    await sql`insert into visit_day_counts (dimension, day, value, visits) values ${sql.join(values)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('visit_day_places').execute();
  await db.schema.dropTable('visit_day_counts').execute();
  await db.schema.dropTable('visit_days').execute();
  await db.schema.dropIndex('visits_ip_timestamp').execute();
}
