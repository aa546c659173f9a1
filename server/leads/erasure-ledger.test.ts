import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { takeBackup } from '#db/backups.ts';
import { createDatabase, type DB, migrateToLatest } from '#db/database.ts';
import { restoreDatabase } from '#db/restore.ts';
import { leadStore } from '#server/leads/lead-store.ts';
import { ErasureLedgerError, erasureLedger, KEY_FILE, LEDGER_FILE } from './erasure-ledger.ts';
import { privacyStore } from './privacy-store.ts';
import { reapplyErasures } from './reapply-erasures.ts';

const T0 = new Date('2026-03-02T18:00:00.000Z');
const T1 = new Date('2026-03-09T18:00:00.000Z');
const T2 = new Date('2026-03-10T09:00:00.000Z');

const JANE = { id: 'lead-jane', phone: '2102345678', email: 'Jane.Doe@Example.com' };
const BOB = { id: 'lead-bob', phone: '2103456789', email: 'bob@example.com' };

const dirs: string[] = [];
const open: DB[] = [];
afterEach(async () => {
  for (const db of open.splice(0)) await db.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function saveLead(db: DB, person: typeof JANE): Promise<void> {
  await leadStore(db).save(
    {
      lead: {
        id: person.id,
        kind: 'contact',
        full_name: 'Someone',
        first_name: 'Some',
        last_name: 'One',
        company_name: 'Realty',
        phone: person.phone,
        email: person.email,
        consent: 1,
        scheduled: 0,
        source_tag: 'website',
        created_at: T0.toISOString(),
      },
      consent: {
        id: `consent-${person.id}`,
        lead_id: person.id,
        consent_text_version: 'test',
        consent_text: 'I agree to be contacted.',
        created_at: T0.toISOString(),
      },
      outbox: { topic: 'lead.contact', payload: { id: person.id, phone: person.phone, email: person.email } },
    },
    T0,
  );
}

/** A DATA_DIR whose database has Jane and Bob, and a backup of it taken then. */
async function setup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-erasure-'));
  dirs.push(root);
  const dataDir = path.join(root, 'data');
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const backups = { dir: path.join(root, 'backups'), keep: 7 };
  const db = createDatabase(databaseFile);
  open.push(db);
  await migrateToLatest(db);
  await saveLead(db, JANE);
  await saveLead(db, BOB);
  const backup = await takeBackup({ databaseFile, ...backups, at: T0 });
  const restore = (at: Date) =>
    restoreDatabase({
      backupFile: backup.file,
      dataDir,
      databaseFile,
      backups,
      at,
      prepare: async (restored) => {
        await reapplyErasures(restored, privacyStore(restored), at);
      },
    });
  return { db, dataDir, databaseFile, backup, restore };
}

async function emailsIn(file: string): Promise<string[]> {
  const db = createDatabase(file);
  try {
    return (await db.selectFrom('leads').select('email').orderBy('email').execute()).map((row) => row.email);
  } finally {
    await db.destroy();
  }
}

test('erase a lead, restore a backup taken before the erasure: the person is not back, and the others are', async () => {
  const { db, databaseFile, restore } = await setup();
  await privacyStore(db).erase({ phone: JANE.phone }, T1);
  await db.destroy();
  open.splice(0);

  const { keptAside } = await restore(T2);
  expect(await emailsIn(databaseFile)).toEqual([BOB.email]);
  // The restored database's audit trail says the erasure was made again, when.
  const restored = createDatabase(databaseFile);
  open.push(restored);
  expect(await privacyStore(restored).auditTrail(5)).toMatchObject([
    { action: 'erase', matchedBy: 'phone', counts: { leads: 1, consents: 1, deliveries: 1 }, at: T2.toISOString() },
  ]);
  // The database the restore replaced had Jane erased already; nothing of hers is in it either.
  expect(await emailsIn(keptAside[0] ?? '')).toEqual([BOB.email]);
});

test('an erasure by e-mail address is applied again whatever the letter case the lead was stored with', async () => {
  const { db, databaseFile, restore } = await setup();
  await privacyStore(db).erase({ email: 'jane.doe@example.com' }, T1);
  await db.destroy();
  open.splice(0);

  await restore(T2);
  expect(await emailsIn(databaseFile)).toEqual([BOB.email]);
});

test('the ledger holds keyed hashes only: neither the number nor the address, and no hash of them without the key', async () => {
  const { db, dataDir } = await setup();
  await privacyStore(db).erase({ phone: JANE.phone }, T1);
  await privacyStore(db).erase({ email: 'jane.doe@example.com' }, T1);
  // Erasing the same person again adds nothing.
  await privacyStore(db).erase({ phone: JANE.phone }, T1);

  const ledger = fs.readFileSync(path.join(dataDir, LEDGER_FILE), 'utf8');
  const digests = ledger.split('\n').filter((line) => line && !line.startsWith('#'));
  expect(digests).toHaveLength(2);
  for (const digest of digests) expect(digest).toMatch(/^[0-9a-f]{64}$/);
  for (const identifier of [JANE.phone, '5678', 'jane.doe', 'example.com']) expect(ledger).not.toContain(identifier);
  for (const file of [LEDGER_FILE, KEY_FILE]) {
    expect(fs.statSync(path.join(dataDir, file)).mode & 0o777).toBe(0o600);
  }
  // Another server's key matches nobody in it.
  const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-erasure-'));
  dirs.push(elsewhere);
  fs.copyFileSync(path.join(dataDir, LEDGER_FILE), path.join(elsewhere, LEDGER_FILE));
  erasureLedger(elsewhere).record({ phone: BOB.phone });
  expect(erasureLedger(elsewhere).load().includes({ phone: JANE.phone })).toBe(false);
  expect(erasureLedger(dataDir).load().includes({ phone: JANE.phone })).toBe(true);
});

test('after an erasure neither the WAL nor the database file holds any trace of the person', async () => {
  const { db, databaseFile } = await setup();
  // Jane's rows are in the WAL before the erasure, as after any recent write.
  expect(fs.readFileSync(`${databaseFile}-wal`).includes(JANE.phone)).toBe(true);

  await privacyStore(db).erase({ phone: JANE.phone }, T1);
  const wal = fs.existsSync(`${databaseFile}-wal`) ? fs.readFileSync(`${databaseFile}-wal`) : Buffer.alloc(0);
  const file = fs.readFileSync(databaseFile);
  for (const trace of [JANE.phone, JANE.email, JANE.email.toLowerCase()]) {
    expect(wal.includes(trace)).toBe(false);
    expect(file.includes(trace)).toBe(false);
  }
  expect(file.includes(BOB.phone)).toBe(true);
});

test('a ledger whose key is gone refuses the restore in one line, and the database stays as it was', async () => {
  const { db, dataDir, databaseFile, restore } = await setup();
  await privacyStore(db).erase({ phone: JANE.phone }, T1);
  await db.destroy();
  open.splice(0);
  fs.rmSync(path.join(dataDir, KEY_FILE));
  const before = fs.readFileSync(databaseFile);

  const refused = restore(T2);
  await expect(refused).rejects.toThrow(ErasureLedgerError);
  await expect(refused).rejects.toThrow(
    `${path.join(dataDir, LEDGER_FILE)} lists 1 erasure(s) but ${path.join(dataDir, KEY_FILE)} is missing, so they ` +
      'cannot be matched: put the key back from the copy of DATA_DIR the ledger came from',
  );
  expect(fs.readFileSync(databaseFile).equals(before)).toBe(true);
  expect(
    fs.readdirSync(dataDir).filter((name) => name.includes('before-restore') || name.includes('.partial')),
  ).toEqual([]);
});
