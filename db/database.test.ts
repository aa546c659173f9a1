import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type Kysely, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterEach, expect, test } from 'vitest';
import { migrations } from '#db/migrations/index.ts';
import { createDatabase, type DB, migrateToLatest } from './database.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-db-'));
  dirs.push(dir);
  return dir;
}

async function pragma(db: DB, name: string): Promise<unknown> {
  const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db);
  return Object.values(rows[0] ?? {})[0];
}

async function columns(db: DB, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

test('the database opens in WAL mode with foreign keys and a busy timeout, creating its folder', async () => {
  const file = path.join(tempDir(), 'nested', 'porchlight.sqlite');
  const db = createDatabase(file);
  open.push(db);
  expect(fs.existsSync(path.dirname(file))).toBe(true);
  expect(await pragma(db, 'journal_mode')).toBe('wal');
  expect(await pragma(db, 'foreign_keys')).toBe(1);
  expect(await pragma(db, 'busy_timeout')).toBe(5000);
});

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

test('a new database, its -wal and -shm are readable by the server user only, in a folder only it can enter', async () => {
  const parent = tempDir();
  fs.chmodSync(parent, 0o755);
  const file = path.join(parent, 'data', 'porchlight.sqlite');
  const db = createDatabase(file);
  open.push(db);
  await migrateToLatest(db);
  for (const suffix of ['', '-wal', '-shm']) {
    expect(fs.existsSync(`${file}${suffix}`), suffix).toBe(true);
    expect(modeOf(`${file}${suffix}`), `porchlight.sqlite${suffix}`).toBe(0o600);
  }
  expect(modeOf(path.dirname(file))).toBe(0o700);
  // A folder that already exists (a mounted volume) keeps the mode its owner gave it.
  expect(modeOf(parent)).toBe(0o755);
});

test('a database file left world-readable by an older version is narrowed to 0600 when opened', async () => {
  const file = path.join(tempDir(), 'porchlight.sqlite');
  const first = createDatabase(file);
  await migrateToLatest(first);
  await first.destroy();
  fs.chmodSync(file, 0o644);
  const db = createDatabase(file);
  open.push(db);
  expect(modeOf(file)).toBe(0o600);
  expect(await migrateToLatest(db)).toEqual([]);
});

test('migrations create every table with the columns the product stores, and run once', async () => {
  const db = createDatabase(path.join(tempDir(), 'porchlight.sqlite'));
  open.push(db);
  expect(await migrateToLatest(db)).toEqual([
    '0001-initial',
    '0002-consents',
    '0003-session-id-hashes',
    '0004-outbox-delivery',
    '0005-visit-rollups',
    '0006-lead-inbox',
    '0007-privacy-requests',
    '0008-preparing-calls',
    '0009-shared-limits',
    '0010-shared-hook-replays',
    '0011-shared-socket-slots',
    '0012-visitor-ids',
    '0014-consent-receipts',
    '0015-live-calls',
    '0016-shared-keys',
  ]);
  expect(await migrateToLatest(db)).toEqual([]);

  expect(await columns(db, 'call_notifications')).toEqual(expect.arrayContaining(['phone_number', 'status']));
  expect(await columns(db, 'visits')).toEqual(
    expect.arrayContaining([
      'ip_address',
      'timestamp',
      'page_visited',
      'country',
      'city',
      'region',
      'latitude',
      'longitude',
      'user_agent',
      'referrer',
      'is_return_visit',
      'visit_duration',
      'source_tag',
      'calendar_link',
      'visitor_id',
    ]),
  );
  expect(await columns(db, 'leads')).toEqual(
    expect.arrayContaining([
      'full_name',
      'first_name',
      'last_name',
      'company_name',
      'phone',
      'email',
      'consent',
      'timezone',
      'scheduled',
      'source_tag',
      'visitor_id',
    ]),
  );
  for (const table of ['outbox', 'sessions', 'lead_volume', 'consents']) {
    expect((await columns(db, table)).length, table).toBeGreaterThan(0);
  }
  // A call row cannot point at a lead that does not exist.
  await expect(
    db
      .insertInto('call_notifications')
      .values({ id: 'c1', lead_id: 'missing', phone_number: '+12105550100', status: 'preparing' })
      .execute(),
  ).rejects.toThrow(/FOREIGN KEY/);
});

test('upgrading ends the sessions stored by their raw id, and the table then keeps only id hashes', async () => {
  const db = createDatabase(path.join(tempDir(), 'porchlight.sqlite'));
  open.push(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0002-consents')).error).toBeUndefined();
  await sql`insert into sessions (id, role, expires_at) values ('raw-session-id', 'client', '2099-01-01T00:00:00.000Z')`.execute(
    db,
  );
  expect(await migrateToLatest(db)).toContain('0003-session-id-hashes');
  expect(await columns(db, 'sessions')).toEqual(['id_hash', 'role', 'expires_at', 'created_at']);
  expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
});

test('an existing outbox gets its delivery ids from the queued payloads: the lead ids', async () => {
  const db = createDatabase(path.join(tempDir(), 'porchlight.sqlite'));
  open.push(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  await migrator.migrateTo('0002-consents');
  const leadId = '3b2e8a4c-5d6f-4a1b-9c8d-7e6f5a4b3c2d';
  const old = db as unknown as Kysely<{ outbox: { topic: string; payload: string } }>;
  await old
    .insertInto('outbox')
    .values([
      { topic: 'lead.contact', payload: JSON.stringify({ type: 'contact', leadId }) },
      { topic: 'lead.other', payload: '{}' },
    ])
    .execute();
  expect(await migrateToLatest(db)).toContain('0004-outbox-delivery');
  const rows = await db.selectFrom('outbox').select(['id', 'delivery_id', 'claimed_until']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 1, delivery_id: leadId, claimed_until: null },
    { id: 2, delivery_id: 'outbox-2', claimed_until: null },
  ]);
});

test('upgrading keeps open sessions, lets the operator role sign in, and says where each delivery stands', async () => {
  const db = createDatabase(path.join(tempDir(), 'porchlight.sqlite'));
  open.push(db);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo('0005-visit-rollups')).error).toBeUndefined();
  await sql`insert into sessions (id_hash, role, expires_at) values ('hash-1', 'analytics', '2099-01-01T00:00:00.000Z')`.execute(
    db,
  );
  await sql`insert into leads (id, kind, full_name, phone, email, consent, source_tag) values
    ('lead-1', 'demo', 'Zoë Adams', '2108675309', 'Zoe@Example.com', 1, 'website')`.execute(db);
  await sql`insert into outbox (topic, payload, delivery_id, attempts, delivered_at) values
    ('lead.contact', '{}', 'lead-delivered', 2, '2026-03-02T18:00:00.000Z'),
    ('lead.contact', '{}', 'lead-retrying', 3, null),
    ('lead.contact', '{}', 'lead-queued', 0, null)`.execute(db);
  await expect(
    sql`insert into sessions (id_hash, role, expires_at) values ('hash-2', 'operator', '2099-01-01T00:00:00.000Z')`.execute(
      db,
    ),
  ).rejects.toThrow(/CHECK/);

  expect(await migrateToLatest(db)).toEqual([
    '0006-lead-inbox',
    '0007-privacy-requests',
    '0008-preparing-calls',
    '0009-shared-limits',
    '0010-shared-hook-replays',
    '0011-shared-socket-slots',
    '0012-visitor-ids',
    '0014-consent-receipts',
    '0015-live-calls',
    '0016-shared-keys',
  ]);
  await db
    .insertInto('sessions')
    .values({ id_hash: 'hash-2', role: 'operator', expires_at: '2099-01-01T00:00:00.000Z' })
    .execute();
  expect(await db.selectFrom('sessions').select(['id_hash', 'role']).orderBy('id_hash').execute()).toEqual([
    { id_hash: 'hash-1', role: 'analytics' },
    { id_hash: 'hash-2', role: 'operator' },
  ]);
  await expect(
    db
      .insertInto('sessions')
      .values({ id_hash: 'hash-3', role: 'admin' as 'client', expires_at: '2099-01-01' })
      .execute(),
  ).rejects.toThrow(/CHECK/);
  expect(await db.selectFrom('outbox').select(['delivery_id', 'state']).orderBy('id').execute()).toEqual([
    { delivery_id: 'lead-delivered', state: 'delivered' },
    { delivery_id: 'lead-retrying', state: 'retrying' },
    { delivery_id: 'lead-queued', state: 'queued' },
  ]);

  // Leads stored before are found by the inbox's search like new ones.
  const terms = await db.selectFrom('lead_search_terms').select('term').where('lead_id', '=', 'lead-1').execute();
  expect(terms.map((row) => row.term).sort()).toEqual(
    ['2108675309', '8675309', '5309', 'zoe', 'adams', 'example', 'com', 'zoe@example.com'].sort(),
  );

  // And back: the operator's session goes, the others stay.
  expect((await migrator.migrateTo('0005-visit-rollups')).error).toBeUndefined();
  expect(await db.selectFrom('sessions').select('id_hash').execute()).toEqual([{ id_hash: 'hash-1' }]);
  expect(await columns(db, 'outbox')).not.toContain('state');
});

test('npm run db:migrate migrates the database in DATA_DIR and says what it applied', async () => {
  const dataDir = tempDir();
  const run = (env: Record<string, string>) =>
    promisify(execFile)(process.execPath, ['server/commands/db-migrate.ts'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, ...env },
    });
  const first = await run({ DATA_DIR: dataDir });
  expect(first.stdout.trim()).toBe(
    'Applied 0001-initial, 0002-consents, 0003-session-id-hashes, 0004-outbox-delivery, 0005-visit-rollups, 0006-lead-inbox, 0007-privacy-requests, 0008-preparing-calls, 0009-shared-limits, 0010-shared-hook-replays, 0011-shared-socket-slots, 0012-visitor-ids, 0014-consent-receipts, 0015-live-calls, 0016-shared-keys',
  );
  expect(fs.existsSync(path.join(dataDir, 'porchlight.sqlite'))).toBe(true);
  const second = await run({ DATA_DIR: dataDir });
  expect(second.stdout.trim()).toBe('Database is up to date');
});
