import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { takeBackup } from '#db/backups.ts';
import { LOCK_FILE } from '#db/data-dir-lock.ts';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { migrations } from '#db/migrations/index.ts';
import { runScript, type ServerProcess, startServer } from '#tests/support/server-process.ts';
import { PASSWORDS } from '#tests/support/sessions.ts';

// Process-level checks of what an operator relies on: SIGTERM, kill -9, backups, restore and upgrades against
// the real server (`npm start`), each over its own temporary DATA_DIR.
const LIMITS = { API_RATE_LIMIT_PER_MINUTE: '1000000', DEMO_RATE_LIMIT_PER_HOUR: '1000000' };

const dirs: string[] = [];
const servers: ServerProcess[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-durability-'));
  dirs.push(dir);
  return dir;
}

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ ...LIMITS, ...env });
  servers.push(server);
  return server;
}

/** Posts one contact lead; true when the server answered 201 (accepted), false for anything else. */
async function postLead(port: number, email: string): Promise<boolean> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Jane',
        lastName: 'Doe',
        phoneNumber: '(210) 867-5309',
        companyName: 'Doe Realty',
        email,
      }),
    });
    await res.arrayBuffer();
    return res.status === 201;
  } catch {
    return false;
  }
}

/**
 * Posts leads `concurrency` at a time until `stop()` is called; `accepted` holds the e-mail of every 201 and
 * grows while it runs.
 */
function leadStream(port: number, prefix: string, concurrency = 8) {
  const accepted: string[] = [];
  let n = 0;
  let running = true;
  const lanes = Array.from({ length: concurrency }, async () => {
    while (running) {
      const email = `${prefix}-${n++}@example.com`;
      if (await postLead(port, email)) accepted.push(email);
    }
  });
  return {
    accepted,
    async stop() {
      running = false;
      await Promise.all(lanes);
    },
  };
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

function storedEmails(databaseFile: string): Set<string> {
  const db = new SQLite(databaseFile, { readonly: true, fileMustExist: true });
  try {
    return new Set(
      db
        .prepare<[], { email: string }>('select email from leads')
        .all()
        .map((row) => row.email),
    );
  } finally {
    db.close();
  }
}

test('SIGTERM during a stream of leads: answers go out, the WAL is checkpointed and emptied, the lock is released, and every 201 is in the file', async () => {
  const dataDir = tempDir();
  // Far longer than the test: the drain must end because the clients were told to go, not at the deadline.
  const server = start({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '120000' });
  const port = await server.listening;
  const stream = leadStream(port, 'term');
  await until(() => stream.accepted.length >= 20);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  await stream.stop();
  expect(server.stdout()).toContain('"msg":"stopped"');
  expect(server.stdout()).not.toContain('shutdown deadline passed');

  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const wal = `${databaseFile}-wal`;
  expect(fs.existsSync(wal) ? fs.statSync(wal).size : 0).toBe(0);
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  // The file alone, opened without its WAL, holds every accepted lead.
  const stored = storedEmails(databaseFile);
  expect(stream.accepted.filter((email) => !stored.has(email))).toEqual([]);
}, 120_000);

test('kill -9 during a stream of leads, three times over: after each restart every lead that got a 201 is there', async () => {
  const dataDir = tempDir();
  const accepted: string[] = [];
  for (let round = 0; round < 3; round++) {
    // The lock left by the killed server names a dead process: the next start takes it over.
    const server = start({ DATA_DIR: dataDir });
    const port = await server.listening;
    const stream = leadStream(port, `kill${round}`);
    await until(() => stream.accepted.length >= 20);
    server.child.kill('SIGKILL');
    await server.exited;
    await stream.stop();
    accepted.push(...stream.accepted);
  }
  const server = start({ DATA_DIR: dataDir });
  await server.listening;
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const stored = storedEmails(path.join(dataDir, 'porchlight.sqlite'));
  expect(accepted.length).toBeGreaterThanOrEqual(60);
  expect(accepted.filter((email) => !stored.has(email))).toEqual([]);
}, 120_000);

test('back up while serving, lose the volume, restore, and find every lead accepted before the backup', async () => {
  const root = tempDir();
  const dataDir = path.join(root, 'data');
  const backupDir = path.join(root, 'backups');
  // A scheduled backup every 1.8 s, the first as soon as one interval has passed; none rotated away here.
  const env = { DATA_DIR: dataDir, BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '0.0005', BACKUP_KEEP: '1000' };
  const server = start(env);
  const port = await server.listening;
  await server.printed('"msg":"database backed up"');
  const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
  expect(ready.backup).toEqual({
    last: { at: expect.any(String), bytes: expect.any(Number), ms: expect.any(Number) },
    lastAttemptFailed: false,
  });

  const stream = leadStream(port, 'drill', 4);
  await until(() => stream.accepted.length >= 15);
  const beforeBackup = [...stream.accepted];
  // `npm run db:backup` while the server keeps accepting leads.
  const manual = await runScript('server/commands/db-backup.ts', [], env);
  const afterBackup = stream.accepted.length;
  await until(() => stream.accepted.length >= afterBackup + 5);
  expect(manual).toMatchObject({ code: 0, stderr: '' });
  const file = /^Backed up to (\S+) \(\d+ bytes, \d+ ms, integrity ok\)/.exec(manual.stdout)?.[1] ?? '';
  expect(path.dirname(file)).toBe(backupDir);

  // Neither a restore nor a second server may run on a DATA_DIR that a server holds.
  const refused = await runScript('server/commands/db-restore.ts', [file], env);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    `Refusing to restore: ${dataDir} is in use by a server (pid ${server.child.pid}); stop it first (if nothing is running there, delete ${path.join(dataDir, LOCK_FILE)})\n`,
  );
  const second = start(env);
  expect(await second.exited).toBe(1);
  expect(second.stderr()).toMatch(
    new RegExp(`^${dataDir} is in use by a server \\(pid ${server.child.pid}\\); stop it first`),
  );
  expect(second.stderr().trim().split('\n')).toHaveLength(1);

  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
  await stream.stop();
  fs.rmSync(dataDir, { recursive: true });

  const restored = await runScript('server/commands/db-restore.ts', [file], env);
  expect(restored).toMatchObject({ code: 0, stderr: '' });
  expect(restored.stdout).toBe(
    `Restored ${path.join(dataDir, 'porchlight.sqlite')} from ${file}; no erasure recorded in ${dataDir}, so none was applied again\n`,
  );
  const again = start(env);
  const againPort = await again.listening;
  expect((await fetch(`http://127.0.0.1:${againPort}/readyz`)).status).toBe(200);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
  const stored = storedEmails(path.join(dataDir, 'porchlight.sqlite'));
  expect(beforeBackup.filter((email) => !stored.has(email))).toEqual([]);
}, 120_000);

test('start-up backs an existing database up before migrating it, and refuses one written by a newer version', async () => {
  const dataDir = tempDir();
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  // A database from an older release, which had only the first migration.
  const old = createDatabase(databaseFile);
  await migrateToLatest(old, { migrations: { '0001-initial': migrations['0001-initial'] ?? { up: async () => {} } } });
  await old.destroy();

  const upgrade = start({ DATA_DIR: dataDir });
  await upgrade.listening;
  expect(upgrade.stdout()).toContain('"msg":"database backed up before migrating"');
  upgrade.child.kill('SIGTERM');
  expect(await upgrade.exited).toBe(0);
  const backups = fs
    .readdirSync(path.join(dataDir, 'backups'))
    .filter((name) => name.endsWith('-pre-migration.sqlite'));
  expect(backups).toHaveLength(1);
  const copy = new SQLite(path.join(dataDir, 'backups', backups[0] ?? ''), { readonly: true });
  expect(copy.prepare('select name from kysely_migration').all()).toEqual([{ name: '0001-initial' }]);
  copy.close();

  // Now a newer version writes a migration this code does not know.
  const newer = new SQLite(databaseFile);
  newer
    .prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', ?)")
    .run(new Date(0).toISOString());
  newer.close();
  const downgrade = start({ DATA_DIR: dataDir });
  expect(await downgrade.exited).toBe(1);
  expect(downgrade.stderr()).toBe(
    'porchlight.sqlite has migrations this version does not know (9999-from-the-future): it was written by a newer version; restore a backup or run the newer version\n',
  );
  expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
}, 60_000);

/** Posts a contact lead for this person; true when it was accepted. */
async function postPerson(port: number, phoneNumber: string, email: string): Promise<boolean> {
  const res = await fetch(`http://127.0.0.1:${port}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Jane', lastName: 'Doe', phoneNumber, companyName: 'Doe Realty', email }),
  });
  await res.arrayBuffer();
  return res.status === 201;
}

/** Signs in to the lead inbox and erases everything of one phone number, as the operator's page does. */
async function eraseByPhone(port: number, phone: string): Promise<{ status: number; body: unknown }> {
  const base = `http://127.0.0.1:${port}`;
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'operator', password: PASSWORDS.operator }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const res = await fetch(`${base}/api/privacy-requests/erase`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ phone, confirm: true }),
  });
  return { status: res.status, body: await res.json() };
}

test('a person erased after a backup stays erased when that backup is restored, and leaves no trace in the WAL or the file', async () => {
  const root = tempDir();
  const dataDir = path.join(root, 'data');
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const env = {
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(root, 'backups'),
    BACKUP_INTERVAL_HOURS: '0',
    OPERATOR_PASSWORD: PASSWORDS.operator,
  };
  const server = start(env);
  const port = await server.listening;
  expect(await postPerson(port, '(210) 234-5678', 'jane@example.com')).toBe(true);
  expect(await postPerson(port, '(210) 345-6789', 'bob@example.com')).toBe(true);
  const backup = await runScript('server/commands/db-backup.ts', [], env);
  const file = /^Backed up to (\S+) /.exec(backup.stdout)?.[1] ?? '';
  expect(fs.existsSync(file)).toBe(true);

  const erased = await eraseByPhone(port, '2102345678');
  expect(erased).toMatchObject({ status: 200, body: { matchedBy: 'phone', erased: { leads: 1 } } });
  // While the server still runs: the erased rows are neither in its write-ahead log nor in the file's free space.
  for (const traceIn of [`${databaseFile}-wal`, databaseFile]) {
    const bytes = fs.existsSync(traceIn) ? fs.readFileSync(traceIn) : Buffer.alloc(0);
    expect(bytes.includes('2102345678')).toBe(false);
    expect(bytes.includes('jane@example.com')).toBe(false);
  }
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);

  const restored = await runScript('server/commands/db-restore.ts', [file], env);
  expect(restored).toMatchObject({ code: 0, stderr: '' });
  expect(restored.stdout).toContain(
    '; erasures applied again: 1 in the ledger, 1 found in the backup, 1 lead(s) erased',
  );
  expect([...storedEmails(databaseFile)]).toEqual(['bob@example.com']);
  expect(fs.readFileSync(databaseFile).includes('2102345678')).toBe(false);
  // The ledger beside the database names no one.
  const ledger = fs.readFileSync(path.join(dataDir, 'erasure-ledger'), 'utf8');
  expect(ledger).not.toContain('2102345678');
  expect(ledger).not.toContain('jane@example.com');
}, 120_000);

test('db:restore refuses a backup with a trigger added to it, in one line, and the database is untouched', async () => {
  const root = tempDir();
  const dataDir = path.join(root, 'data');
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const env = { DATA_DIR: dataDir, BACKUP_DIR: path.join(root, 'backups') };
  const db = createDatabase(databaseFile);
  await migrateToLatest(db);
  await db.destroy();
  const { file } = await takeBackup({ databaseFile, dir: env.BACKUP_DIR, keep: 7, at: new Date(0) });
  // Every lead's delivery payload copied into a table of the attacker's own, on each new lead.
  const tampered = new SQLite(file);
  tampered.exec(
    'create table harvest (payload text); ' +
      'create trigger harvest_outbox after insert on outbox begin insert into harvest values (new.payload); end',
  );
  tampered.close();
  const before = fs.readFileSync(databaseFile);
  const filesBefore = fs.readdirSync(dataDir).sort();

  const refused = await runScript('server/commands/db-restore.ts', [file], env);
  expect(refused.code).toBe(1);
  expect(refused.stdout).toBe('');
  expect(refused.stderr).toBe(
    `Refusing to restore: ${file} has table harvest, which its migrations do not make; has trigger harvest_outbox ` +
      '(on outbox), which its migrations do not make; a backup whose schema is not what its migrations make is never restored\n',
  );
  expect(fs.readFileSync(databaseFile).equals(before)).toBe(true);
  expect(fs.readdirSync(dataDir).sort()).toEqual(filesBefore);
}, 60_000);
