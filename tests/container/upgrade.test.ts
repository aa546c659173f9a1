import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, test } from 'vitest';
import {
  buildImage,
  command,
  createVolume,
  docker,
  exitCode,
  logs,
  publishedAddress,
  ROOT,
  removeLabelled,
  runApp,
  waitFor,
} from '#tests/container/support/docker.ts';
import {
  exportedEmails,
  HIGH_LIMITS,
  lead,
  OPERATOR_PASSWORD,
  postLead,
  signInAsOperator,
  status,
} from '#tests/container/support/site.ts';

// An upgrade as an operator makes it: the previous version's container on its volume, replaced by the current
// image. The previous version is a fixed commit with fewer migrations ("With DATABASE_URL the socket connections
// per address are one count across instances": migrations 0001 to 0011). It is built with today's Dockerfile: its
// own ran `npm ci` with install scripts, which cannot build better-sqlite3 in the slim image
// (docs/decisions/0018-container-stand-ins.md).
const PREVIOUS_COMMIT = '8c6368475502c9b084cf6d9062171a7f276ec125';
const PREVIOUS_IMAGE = 'porchlight-test:previous';
const env = { OPERATOR_PASSWORD, ...HIGH_LIMITS };
const MIGRATION_FILE = /^\d{4}-[\w-]+\.ts$/;

let volume: string;
let previousMigrations: string[];
const accepted: string[] = [];

async function healthy(url: string): Promise<void> {
  await waitFor('GET /healthz answers 200', async () => (await status(`${url}/healthz`, 1_000)) === 200, {
    timeoutMs: 60_000,
    intervalMs: 100,
  });
}

/** The migrations the server applied, from its `database migrated` log lines. */
function migratedIn(log: string): string[][] {
  return log
    .split('\n')
    .filter((line) => line.includes('"msg":"database migrated"'))
    .map((line) => JSON.parse(line).migrations);
}

beforeAll(async () => {
  const known = await command('git', ['cat-file', '-e', `${PREVIOUS_COMMIT}^{commit}`], { allowFailure: true });
  if (known.code !== 0) throw new Error(`${PREVIOUS_COMMIT} is not in this clone's history: git fetch --unshallow`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-previous-'));
  try {
    await command('sh', ['-c', `git archive ${PREVIOUS_COMMIT} | tar -x -C "${dir}"`]);
    for (const file of ['Dockerfile', '.dockerignore']) fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
    const seconds = await buildImage(dir, PREVIOUS_IMAGE);
    console.log(`Built ${PREVIOUS_IMAGE} from ${PREVIOUS_COMMIT.slice(0, 7)} in ${seconds.toFixed(0)} s`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  previousMigrations = (await command('git', ['ls-tree', '--name-only', PREVIOUS_COMMIT, 'db/migrations/'])).stdout
    .split('\n')
    .map((file) => path.basename(file))
    .filter((file) => MIGRATION_FILE.test(file))
    .map((file) => file.replace(/\.ts$/, ''));
  volume = await createVolume();
});

afterAll(async () => {
  await removeLabelled(inject('run'));
});

test('the previous version stores leads on a new volume', async () => {
  const app = await runApp(PREVIOUS_IMAGE, { volume, env });
  try {
    await healthy(app.url);
    for (let n = 0; n < 6; n++) {
      const form = lead(n % 2 ? 'contact' : 'demo-call', 'upgrade', n);
      expect((await postLead(app.url, form)).status).toBe(201);
      accepted.push(form.email);
    }
  } finally {
    await docker(['stop', app.id], { timeoutMs: 60_000 });
  }
  expect(migratedIn(await logs(app.id))).toEqual([previousMigrations]);
});

test('the current image migrates that volume once, after a pre-migration backup, and keeps every lead', async () => {
  const { stdout } = await docker(['run', '--rm', '--entrypoint', 'ls', inject('image'), '/app/db/migrations']);
  const added = stdout
    .split('\n')
    .filter((file) => MIGRATION_FILE.test(file))
    .map((file) => file.replace(/\.ts$/, ''))
    .filter((name) => !previousMigrations.includes(name));
  expect(added.length).toBeGreaterThan(0);

  const app = await runApp(inject('image'), { volume, env });
  try {
    await healthy(app.url);
    expect(migratedIn(await logs(app.id))).toEqual([added]);
    const stored = await exportedEmails(app.url, await signInAsOperator(app.url));
    expect(stored.sort()).toEqual([...accepted].sort());

    // Restarted, it finds nothing left to migrate.
    await docker(['restart', app.id], { timeoutMs: 90_000 });
    // A restart publishes port 3000 again, on another free port.
    await healthy(`http://${await publishedAddress(app.id, 3000)}`);
    expect(migratedIn(await logs(app.id))).toEqual([added]);
    const backups = (await docker(['exec', app.id, 'ls', '/app/data/backups'])).stdout.trim().split('\n');
    expect(backups.filter((file) => file.endsWith('-pre-migration.sqlite'))).toHaveLength(1);
  } finally {
    await docker(['stop', app.id], { timeoutMs: 60_000 });
  }
});

test('the previous image on the migrated volume is refused with one line that says why', async () => {
  const app = await runApp(PREVIOUS_IMAGE, { volume, env });
  expect(await exitCode(app.id, 60_000)).toBe(1);
  const lines = (await logs(app.id)).trim().split('\n');
  console.log(`The previous image refused the volume: ${lines.join(' / ')}`);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/newer/i);
});
