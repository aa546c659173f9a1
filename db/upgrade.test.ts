import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { takeBackup } from './backups.ts';
import { openUpgradedDatabase } from './upgrade.ts';

const T0 = new Date('2026-11-23T15:30:00.000Z');

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const modeOf = (dir: string) => fs.statSync(dir).mode & 0o777;

/** A folder that does not exist yet, inside a temporary one (whose own mode mkdtemp sets). */
function freshPath(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-upgrade-'));
  cleanups.push(() => fs.rmSync(root, { recursive: true, force: true }));
  return path.join(root, 'data');
}

async function open(dataDir: string) {
  const databaseFile = path.join(dataDir, 'porchlight.sqlite');
  const backups = { dir: path.join(dataDir, 'backups'), keep: 7 };
  const opened = await openUpgradedDatabase({ dataDir, databaseFile, backups, purpose: 'server', at: T0 });
  cleanups.push(async () => {
    await opened.db.destroy();
    opened.lock.release();
  });
  return { ...opened, databaseFile, backups };
}

test('start-up on a fresh DATA_DIR creates it owner-only (0700), and the backups folder in it too', async () => {
  const dataDir = freshPath();
  const { databaseFile, backups } = await open(dataDir);
  expect(modeOf(dataDir)).toBe(0o700);
  expect(modeOf(databaseFile)).toBe(0o600);

  const backup = await takeBackup({ databaseFile, dir: backups.dir, keep: backups.keep, at: T0 });
  expect(modeOf(backups.dir)).toBe(0o700);
  expect(modeOf(backup.file)).toBe(0o600);
});

test('a DATA_DIR that exists (a mounted volume) keeps the mode its owner gave it', async () => {
  const dataDir = freshPath();
  fs.mkdirSync(dataDir, { mode: 0o750 });
  fs.chmodSync(dataDir, 0o750);
  await open(dataDir);
  expect(modeOf(dataDir)).toBe(0o750);
});
