import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import {
  type ListeningServer,
  postLead,
  startListeningServer,
  startReceiver,
  waitUntil,
} from '#tests/support/server-process.ts';

// The production server in its own process, the lead webhook's receiver failing in every way it can, and
// the process killed outright: a lead the server answered 201 for is stored, and reaches the receiver
// exactly once after it recovers.

/** The bound this suite holds the outbox to: every queued lead delivered this soon after the receiver recovers. */
const DRAIN_BOUND_MS = 30_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-fault-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function server(env: Record<string, string>): Promise<ListeningServer> {
  const started = await startListeningServer({
    // Long enough that a busy machine's slow answer is not taken for a failure (and the lead sent again).
    OUTBOUND_TIMEOUT_MS: '5000',
    API_RATE_LIMIT_PER_MINUTE: '100000',
    DEMO_RATE_LIMIT_PER_HOUR: '100000',
    ...env,
  });
  cleanups.push(() => {
    started.child.kill('SIGKILL');
  });
  return started;
}

function expectEachOnce(delivered: Map<string, number>, phones: string[]) {
  expect([...delivered.keys()].sort()).toEqual([...phones].sort());
  expect([...delivered.values()].every((times) => times === 1)).toBe(true);
}

test('leads that arrive while the webhook is down, failing or hanging are each delivered once after it recovers', {
  timeout: 120_000,
}, async () => {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const app = await server({ DATA_DIR: tempDataDir(), LEAD_WEBHOOK_URL: receiver.url });
  const accepted: string[] = [];
  for (const mode of ['down', 'error', 'hang'] as const) {
    receiver.setMode(mode);
    for (let i = 0; i < 15; i++) {
      const phone = await postLead(app.url, i % 2 ? 'demo' : 'contact');
      if (phone) accepted.push(phone);
    }
    // The worker tries them against the failing receiver.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  }
  expect(accepted).toHaveLength(45);
  expect(receiver.accepted.size).toBe(0);

  receiver.setMode('ok');
  const drained = await waitUntil(
    () => receiver.accepted.size >= accepted.length,
    DRAIN_BOUND_MS,
    'every lead delivered',
  );
  console.info(`outbox drained ${accepted.length} leads ${Math.round(drained)} ms after the receiver recovered`);
  // A little longer: nothing is delivered twice.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expectEachOnce(receiver.deliveredPhones(), accepted);
});

test('kill -9 during a stream of leads: every 201 is stored and delivered once after a restart', {
  timeout: 120_000,
}, async () => {
  const receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  receiver.setMode('error');
  const dataDir = tempDataDir();
  const env = { DATA_DIR: dataDir, LEAD_WEBHOOK_URL: receiver.url };
  const first = await server(env);
  const accepted: string[] = [];
  let killed = false;
  // Four clients post as fast as the server answers until it is killed under them.
  const clients = Array.from({ length: 4 }, async (_, client) => {
    for (let i = 0; !killed; i++) {
      try {
        const phone = await postLead(first.url, (client + i) % 2 ? 'demo' : 'contact');
        if (phone) accepted.push(phone);
      } catch {
        // The connection died with the process: no answer, no promise made.
      }
    }
  });
  await waitUntil(() => accepted.length >= 60, 60_000, '60 accepted leads');
  first.child.kill('SIGKILL');
  await first.exited;
  killed = true;
  await Promise.all(clients);

  receiver.setMode('ok');
  const second = await server(env);
  await waitUntil(
    () => accepted.every((phone) => receiver.deliveredPhones().has(phone)),
    DRAIN_BOUND_MS,
    'every 201 delivered',
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  const db = new Database(path.join(dataDir, 'porchlight.sqlite'), { readonly: true });
  try {
    const stored = new Set(db.prepare('SELECT phone FROM leads').pluck().all().map(String));
    expect(accepted.filter((phone) => !stored.has(phone))).toEqual([]);
  } finally {
    db.close();
  }
  // Leads stored but never answered (the kill came first) are delivered too; none twice.
  const delivered = receiver.deliveredPhones();
  expect(accepted.filter((phone) => delivered.get(phone) !== 1)).toEqual([]);
  expect([...delivered.values()].every((times) => times === 1)).toBe(true);
});
