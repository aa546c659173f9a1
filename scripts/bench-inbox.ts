// `npm run bench:inbox`: how long the lead inbox's page query takes with many stored leads. Fills a temporary
// database with BENCH_LEADS leads (default 100,000; up to 1,000,000) over the last year, each with its consent
// record and outbox row (most delivered, some queued, retrying or given up) and a call for some demo calls,
// then times what GET /api/leads runs: the page query (50 leads with their consent, call and delivery), and
// for a first page the page with the count of all matches. Every call has a transcript and fields, which the list
// never reads; the last view times what GET /api/leads/:id/call runs when the operator opens one lead's call.
// Prints p50 / p99 per view; each runs BENCH_RUNS times (50) or until its time budget is spent.
// BENCH_PLAN=1 also prints SQLite's query plan of each view. Removes the database when done.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import { Migrator } from 'kysely/migration';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { migrations } from '#db/migrations/index.ts';
import type { InboxCursor } from '#server/leads/inbox-cursor.ts';
import { inboxPageQuery, leadInboxStore } from '#server/leads/lead-inbox-store.ts';
import type { DeliveryState, InboxFilters } from '#shared/lead-inbox.ts';

const LEADS = Math.min(Number(process.env.BENCH_LEADS ?? 100_000), 1_000_000);
const RUNS = Math.min(Number(process.env.BENCH_RUNS ?? 50), 1_000);
const BUDGET_MS = 500;
const DAY_MS = 86_400_000;
const PAGE = 50;
/** The scripted demo call's final lines (content/demo-call-script.json). */
const TRANSCRIPT_LINES = 13;
// Giving up came with the inbox's migration: the rows meant to be given up are marked so, and set after it.
const GAVE_UP = 'webhook answered 503 (given up)';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2)} ms`.padStart(9);
  return `p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}`;
}

/** One view: the page query alone, then the page with the count of matches a first page also runs. */
function report(label: string, page: number[], withTotal: number[], found: number | undefined): string {
  const total = withTotal.length
    ? `   page + total ${stats(withTotal)}  (${found?.toLocaleString('en-US')} match)`
    : '';
  return `${label.padEnd(36)} n=${String(page.length).padEnd(3)} page ${stats(page)}${total}`;
}

/** A small deterministic generator, so two runs store the same leads. */
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

const FIRST = ['Jane', 'John', 'Maria', 'James', 'Ana', 'Robert', 'Linda', 'Wei', 'Priya', 'Carlos', 'Emma', 'Omar'];
const LAST = ['Smith', 'Garcia', 'Nguyen', 'Johnson', 'Brown', 'Lopez', 'Patel', 'Kim', 'Davis', 'Martinez', 'Lee'];

/** The leads, their consents, calls and outbox rows, in one transaction through prepared statements. */
function fill(file: string, count: number, now: Date): void {
  const random = prng(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const sqlite = new SQLite(file);
  const lead = sqlite.prepare(
    `insert into leads (id, kind, full_name, first_name, last_name, company_name, phone, email, consent, timezone,
       scheduled, source_tag, calendar_link, ip_address, user_agent, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 1, 'America/Chicago', ?, ?, ?, ?, 'Mozilla/5.0', ?)`,
  );
  const consent = sqlite.prepare(
    `insert into consents (id, lead_id, consent_text_version, consent_text, ip_address, user_agent, created_at)
     values (?, ?, ?, 'The consent text the visitor saw.', ?, 'Mozilla/5.0', ?)`,
  );
  const call = sqlite.prepare(
    `insert into call_notifications (id, lead_id, phone_number, status, created_at, updated_at)
     values (?, ?, ?, 'completed', ?, ?)`,
  );
  const outbox = sqlite.prepare(
    `insert into outbox (topic, delivery_id, payload, attempts, next_attempt_at, delivered_at, last_error,
       created_at)
     values (?, ?, '{}', ?, ?, ?, ?, ?)`,
  );
  const start = now.getTime() - 365 * DAY_MS;
  sqlite.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000`;
      const at = new Date(start + Math.floor(random() * 365 * DAY_MS)).toISOString();
      const kind = random() < 0.6 ? 'demo' : 'contact';
      const [first, last] = [pick(FIRST), pick(LAST)];
      const tag = random() < 0.7 ? 'website' : random() < 0.66 ? 'agent-isa' : 'isa-hq';
      const phone = String(2_000_000_000 + Math.floor(random() * 7_999_999_999));
      const ip = `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`;
      lead.run(
        id,
        kind,
        `${first} ${last}`,
        kind === 'contact' ? first : null,
        kind === 'contact' ? last : null,
        kind === 'contact' ? `${last} Realty` : null,
        phone,
        `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
        random() < 0.3 ? 1 : 0,
        tag,
        `https://cal.com/porchlight/${tag === 'website' ? 'demo-call' : tag}`,
        ip,
        at,
      );
      consent.run(`c${id}`, id, kind === 'demo' ? 'demo-call-2026-01' : 'contact-notice-2026-01', ip, at);
      if (kind === 'demo' && random() < 0.5) call.run(`k${id}`, id, `+1${phone}`, at, at);
      const roll = random();
      const state: DeliveryState =
        roll < 0.9 ? 'delivered' : roll < 0.97 ? 'queued' : roll < 0.99 ? 'retrying' : 'given_up';
      outbox.run(
        kind === 'demo' ? 'lead.demo-call' : 'lead.contact',
        id,
        state === 'queued' ? 0 : state === 'delivered' ? 1 : 12,
        at,
        state === 'delivered' ? at : null,
        state === 'retrying' ? 'webhook answered 503' : state === 'given_up' ? GAVE_UP : null,
        at,
      );
    }
  })();
  sqlite.close();
}

/** Ends every call with a transcript of `lines` lines, fields and a summary, as a played call leaves them. */
function endCalls(file: string, lines: number): number {
  const sqlite = new SQLite(file);
  const calls = sqlite.prepare('select id, created_at from call_notifications').all() as {
    id: string;
    created_at: string;
  }[];
  const line = sqlite.prepare(
    `insert into call_transcript_lines (call_id, utterance_id, role, text, spoken_at) values (?, ?, ?, ?, ?)`,
  );
  const fields = sqlite.prepare(
    `insert into call_fields (call_id, timeline, financing, area, budget, showing_booked, showing_time, updated_at)
     values (?, 'Within three months', 'Pre-approved', 'Alamo Heights', 'Up to $450,000', 1, 'Saturday at 11 AM', ?)`,
  );
  const ended = sqlite.prepare(
    `update call_notifications set state = 'ended', outcome = 'completed', duration_seconds = 95,
       summary = 'Pre-approved buyer moving within three months.', next_step = 'Showing on Saturday at 11 AM.',
       summarized_at = created_at where id = ?`,
  );
  sqlite.transaction(() => {
    for (const call of calls) {
      for (let i = 0; i < lines; i++) {
        const role = i % 2 === 0 ? 'assistant' : 'caller';
        const text = `Line ${i + 1} of the call, about the size of a sentence spoken on a real call.`;
        line.run(call.id, `${role}-${Math.floor(i / 2) + 1}`, role, text, call.created_at);
      }
      fields.run(call.id, call.created_at);
      ended.run(call.id);
    }
  })();
  sqlite.close();
  return calls.length;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-inbox-'));
const file = path.join(dataDir, 'bench.sqlite');
try {
  const now = new Date();
  const db = createDatabase(file);
  // Stored as before the inbox, then migrated as an existing database is: indexes and search terms built once.
  await new Migrator({ db, provider: { getMigrations: async () => migrations } }).migrateTo('0005-visit-rollups');
  let t0 = performance.now();
  fill(file, LEADS, now);
  console.log(`stored ${LEADS.toLocaleString('en-US')} leads in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const applied = await migrateToLatest(db);
  console.log(`${applied.join(', ')} (indexes, search terms) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  t0 = performance.now();
  const ended = endCalls(file, TRANSCRIPT_LINES);
  console.log(
    `${ended.toLocaleString('en-US')} calls given ${TRANSCRIPT_LINES} lines each in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  await db
    .updateTable('outbox')
    .set((eb) => ({ state: 'given_up', given_up_at: eb.ref('created_at') }))
    .where('last_error', '=', GAVE_UP)
    .execute();
  console.log(`load average at start: ${os.loadavg()[0]?.toFixed(1)}`);
  const inbox = leadInboxStore(db);

  // A cursor from the middle of the list: a deep page costs what the first does.
  const middle = await db
    .selectFrom('leads')
    .select(['created_at', 'id'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(Math.floor(LEADS / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const deep: InboxCursor = { createdAt: middle.created_at, id: middle.id };
  const known = await db
    .selectFrom('leads')
    .select(['phone', 'email'])
    .where('id', '=', middle.id)
    .executeTakeFirstOrThrow();
  const monthAgo = new Date(now.getTime() - 30 * DAY_MS).toISOString().slice(0, 10);

  const views: [label: string, filters: InboxFilters, cursor?: InboxCursor][] = [
    ['default view, first page', {}],
    ['default view, a page halfway down', {}, deep],
    ['filter: contact forms', { kind: 'contact' }],
    ['filter: source isa-hq', { source: 'isa-hq' }],
    ['filter: given up (1 %)', { state: 'given_up' }],
    ['filter: last 30 days', { from: monthAgo }],
    ['filter: demo, queued, agent-isa', { kind: 'demo', state: 'queued', source: 'agent-isa' }],
    ['search: a whole phone number', { q: known.phone }],
    ['search: an e-mail address', { q: known.email.toUpperCase() }],
    ['search: a name ("garcia")', { q: 'garcia' }],
    ['search: last 4 digits of a phone', { q: known.phone.slice(-4) }],
    ['search: a name nobody has', { q: 'zebedee' }],
  ];
  for (const [label, filters, cursor] of views) {
    if (process.env.BENCH_PLAN === '1') {
      const { sql, parameters } = inboxPageQuery(db, filters, cursor, PAGE + 1, label.includes('garcia')).compile();
      const plan = new SQLite(file, { readonly: true })
        .prepare(`explain query plan ${sql}`)
        .all(...(parameters as unknown[]));
      console.log(`${label}\n${plan.map((row) => `  ${(row as { detail: string }).detail}`).join('\n')}`);
    }
    const page: number[] = [];
    const withTotal: number[] = [];
    let found: number | undefined;
    const started = performance.now();
    while (page.length < RUNS && (page.length < 3 || performance.now() - started < BUDGET_MS)) {
      // What GET /api/leads runs: the page, and on a first page the total too.
      const t = performance.now();
      await inbox.batch(filters, cursor, PAGE);
      page.push(performance.now() - t);
      if (!cursor) {
        found = await inbox.count(filters);
        withTotal.push(performance.now() - t);
      }
    }
    console.log(report(label, page, withTotal, found));
  }

  // Opening one lead's call: its row, its lines and its fields, each by key.
  const withCall = await db
    .selectFrom('call_notifications')
    .select('lead_id')
    .orderBy('created_at', 'desc')
    .offset(Math.floor(ended / 2))
    .limit(1)
    .executeTakeFirstOrThrow();
  const opened: number[] = [];
  const started = performance.now();
  while (opened.length < RUNS && (opened.length < 3 || performance.now() - started < BUDGET_MS)) {
    const t = performance.now();
    await inbox.callOf(withCall.lead_id);
    opened.push(performance.now() - t);
  }
  console.log(`${"a lead's call, opened".padEnd(36)} n=${String(opened.length).padEnd(3)} call ${stats(opened)}`);
  await db.destroy();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
