// `npm run bench:backup`: what a backup costs at 100,000 leads. Fills a temporary database with LEADS contact
// leads as the API stores them (lead, consent evidence, webhook payload), then measures the write latency of
// new leads (one transaction each, through Kysely on the server's connection, paced at RATE per second) first
// alone and then while the server's backup runs beside them (worker thread, second connection), and the
// backup's time and size. Bounded in time; cleans up after itself.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { site } from '#content/site.ts';
import { type BackupResult, takeBackup } from '#db/backups.ts';
import { createDatabase, type DB, migrateToLatest } from '#db/database.ts';
import { leadStore } from '#server/leads/lead-store.ts';
import { CONTACT_CONSENT_VERSION, contactConsentText } from '#shared/consent.ts';

const LEADS = Math.min(Number(process.env.BENCH_LEADS ?? 100_000), 1_000_000);
const RATE = 500;
const BASELINE_MS = 2_000;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function summary(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  return `${label.padEnd(34)} n=${String(sorted.length).padStart(5)}  p50 ${ms(percentile(sorted, 50))}  p99 ${ms(percentile(sorted, 99))}  max ${ms(sorted.at(-1) ?? Number.NaN)}`;
}

const consentText = contactConsentText(site.name);

/** LEADS leads in one statement per table: the shape and sizes of real rows, quickly. */
async function seed(db: DB): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db.transaction().execute(async (trx) => {
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${LEADS})
      insert into leads (id, kind, full_name, first_name, last_name, company_name, phone, email, consent, timezone,
        scheduled, source_tag, calendar_link, ip_address, user_agent, created_at)
      select printf('seed-%07d', i), 'contact', 'Jane Doe', 'Jane', 'Doe', 'Doe Realty Group',
        printf('210%07d', i), printf('jane.doe.%d@example.com', i), 1, 'America/Chicago', 0, 'website',
        'https://cal.com/porchlight/demo-call', '203.0.113.9',
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
        ${at}
      from n`.execute(trx);
    await sql`
      insert into consents (id, lead_id, consent_text_version, consent_text, ip_address, user_agent, created_at)
      select 'consent-' || id, id, ${CONTACT_CONSENT_VERSION}, ${consentText}, ip_address, user_agent, created_at
      from leads`.execute(trx);
    await sql`
      insert into outbox (topic, payload, next_attempt_at, created_at, delivered_at, attempts)
      select 'lead.contact', json_object('type', 'contact', 'leadId', id, 'firstName', first_name,
        'lastName', last_name, 'phoneNumber', phone, 'companyName', company_name, 'email', email,
        'timestamp', created_at, 'timezone', timezone, 'sourceTag', source_tag, 'calendarLink', calendar_link),
        created_at, created_at, created_at, 1
      from leads`.execute(trx);
  });
}

async function saveLead(db: DB, n: number): Promise<void> {
  const now = new Date();
  const id = crypto.randomUUID();
  await leadStore(db).save(
    {
      lead: {
        id,
        kind: 'contact',
        full_name: 'Jane Doe',
        first_name: 'Jane',
        last_name: 'Doe',
        company_name: 'Doe Realty Group',
        phone: '2108675309',
        email: `bench.${n}@example.com`,
        consent: 1,
        scheduled: 0,
        source_tag: 'website',
        created_at: now.toISOString(),
      },
      consent: {
        id: crypto.randomUUID(),
        lead_id: id,
        consent_text_version: CONTACT_CONSENT_VERSION,
        consent_text: consentText,
        created_at: now.toISOString(),
      },
      outbox: { topic: 'lead.contact', payload: { type: 'contact', leadId: id } },
    },
    now,
  );
}

/** Writes leads at RATE per second until `done()` says stop; returns each write's latency in ms. */
async function writeLeads(db: DB, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  const start = performance.now();
  for (let n = 0; !done(); n++) {
    const began = performance.now();
    await saveLead(db, n);
    latencies.push(performance.now() - began);
    const next = start + ((n + 1) * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
  }
  return latencies;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-backup-'));
const databaseFile = path.join(dir, 'data', 'porchlight.sqlite');
const backupDir = path.join(dir, 'backups');
const db = createDatabase(databaseFile);
try {
  await migrateToLatest(db);
  let started = performance.now();
  await seed(db);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  console.log(
    `${LEADS.toLocaleString('en-US')} leads with consents and webhook payloads: ${mb(fs.statSync(databaseFile).size)} ` +
      `(seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  started = performance.now();
  const alone = await writeLeads(db, () => performance.now() - started > BASELINE_MS);
  console.log(summary(`writes alone (${RATE}/s target)`, alone));

  // The server's scheduled backup: worker thread, second connection, writes going on beside it.
  let backup: BackupResult | undefined;
  const backingUp = takeBackup({ databaseFile, dir: backupDir, keep: 7, at: new Date(), inWorker: true }).then(
    (result) => {
      backup = result;
    },
  );
  const during = await writeLeads(db, () => backup !== undefined);
  await backingUp;
  console.log(summary('writes during the backup', during));
  if (backup) {
    const rate = during.length / (backup.ms / 1000);
    console.log(
      `backup                             ${backup.ms} ms (integrity check ${backup.checkMs} ms of it), ` +
        `${mb(backup.bytes)} (${backup.bytes} bytes); ${rate.toFixed(0)} leads/s written meanwhile`,
    );
  }
} finally {
  await db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
}
