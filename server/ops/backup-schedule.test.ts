import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, expect, test } from 'vitest';
import { type BackupResult, backupFileName, listBackups, type TakeBackupOptions, takeBackup } from '#db/backups.ts';
import { createDatabase, migrateToLatest } from '#db/database.ts';
import { loadConfig } from '#server/config.ts';
import { createLogger } from '#server/logger.ts';
import { fakeTimers } from '#tests/support/fake-timers.ts';
import { scheduleBackups } from './backup-schedule.ts';

const T0 = Date.parse('2026-11-23T15:30:00.000Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const dirs: string[] = [];
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function setup(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-schedule-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, ...env });
  const db = createDatabase(config.databaseFile);
  await migrateToLatest(db);
  await db.destroy();
  const time = fakeTimers(T0);
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger(
    'info',
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    }),
  );
  const taken: TakeBackupOptions[] = [];
  const results: ('success' | 'failure')[] = [];
  let failing = false;
  const start = () => {
    const schedule = scheduleBackups({
      config: config.backups,
      databaseFile: config.databaseFile,
      clock: () => new Date(time.now()),
      logger,
      setTimer: (run, ms) => {
        const id = time.setTimer(run, ms);
        return () => time.clearTimer(id);
      },
      backup: (options): Promise<BackupResult> => {
        taken.push(options);
        if (failing) return Promise.reject(new Error('ENOSPC: no space left on device'));
        return takeBackup(options);
      },
      onBackup: (result) => results.push(result),
    });
    stops.push(() => schedule.stop());
    return schedule;
  };
  return {
    config,
    time,
    lines,
    taken,
    /** What the metrics were told, one per backup. */
    results,
    start,
    fail(on: boolean) {
      failing = on;
    },
  };
}

test('the first backup comes a minute after start-up, then one every BACKUP_INTERVAL_HOURS, each logged with file, bytes and ms', async () => {
  const ctx = await setup({ BACKUP_INTERVAL_HOURS: '24', BACKUP_KEEP: '2' });
  const schedule = ctx.start();
  expect(schedule.status()).toEqual({ intervalHours: 24, last: null, lastFailure: null });

  await ctx.time.advance(MINUTE - 1);
  expect(ctx.taken).toHaveLength(0);
  await ctx.time.advance(1);
  await schedule.runNow();
  expect(ctx.taken.map((t) => t.at.getTime())).toEqual([T0 + MINUTE]);
  const first = path.join(ctx.config.backups.dir, backupFileName(new Date(T0 + MINUTE)));
  const logged = ctx.lines.find((line) => line.msg === 'database backed up');
  expect(logged).toMatchObject({ subsystem: 'backup', file: path.basename(first), bytes: fs.statSync(first).size });
  expect(logged?.ms).toEqual(expect.any(Number));
  expect(schedule.status().last).toEqual({
    file: first,
    at: new Date(T0 + MINUTE).toISOString(),
    bytes: fs.statSync(first).size,
    ms: logged?.ms,
  });

  await ctx.time.advance(24 * HOUR - 1);
  expect(ctx.taken).toHaveLength(1);
  await ctx.time.advance(1);
  await schedule.runNow();
  await ctx.time.advance(24 * HOUR);
  await schedule.runNow();
  expect(ctx.taken.map((t) => t.at.getTime() - T0)).toEqual([MINUTE, MINUTE + 24 * HOUR, MINUTE + 48 * HOUR]);
  // BACKUP_KEEP=2: the oldest went.
  expect(listBackups(ctx.config.backups.dir).map((b) => b.at.getTime() - T0)).toEqual([
    MINUTE + 24 * HOUR,
    MINUTE + 48 * HOUR,
  ]);
});

test('the schedule counts from the newest backup on disk, so frequent restarts still get daily backups', async () => {
  const ctx = await setup();
  // A backup from a previous run, 23 hours old.
  fs.mkdirSync(ctx.config.backups.dir, { recursive: true });
  fs.writeFileSync(path.join(ctx.config.backups.dir, backupFileName(new Date(T0 - 23 * HOUR))), 'x');
  const schedule = ctx.start();
  expect(schedule.status().last).toMatchObject({ at: new Date(T0 - 23 * HOUR).toISOString(), bytes: 1, ms: null });

  await ctx.time.advance(HOUR - 1);
  expect(ctx.taken).toHaveLength(0);
  await ctx.time.advance(1);
  expect(ctx.taken.map((t) => t.at.getTime())).toEqual([T0 + HOUR]);
});

test('a failed backup is logged, shown in the status, counted for the metrics, and tried again an hour later', async () => {
  const ctx = await setup();
  ctx.fail(true);
  const schedule = ctx.start();
  await ctx.time.advance(MINUTE);
  expect(schedule.status().lastFailure).toEqual({
    at: new Date(T0 + MINUTE).toISOString(),
    error: 'ENOSPC: no space left on device',
  });
  expect(ctx.lines.find((line) => line.msg === 'database backup failed')).toMatchObject({ level: 50 });
  expect(ctx.results).toEqual(['failure']);

  ctx.fail(false);
  await ctx.time.advance(HOUR - 1);
  expect(ctx.taken).toHaveLength(1);
  await ctx.time.advance(1);
  await schedule.runNow();
  expect(ctx.taken).toHaveLength(2);
  expect(schedule.status().lastFailure).toBeNull();
  expect(schedule.status().last?.at).toBe(new Date(T0 + MINUTE + HOUR).toISOString());
  expect(ctx.results).toEqual(['failure', 'success']);
});

test('BACKUP_INTERVAL_HOURS=0 turns the schedule off and says so; a backup can still be asked for', async () => {
  const ctx = await setup({ BACKUP_INTERVAL_HOURS: '0' });
  const schedule = ctx.start();
  expect(ctx.time.pending()).toBe(0);
  expect(ctx.lines.find((line) => line.msg === 'scheduled backups off (BACKUP_INTERVAL_HOURS=0)')).toBeDefined();
  await ctx.time.advance(48 * HOUR);
  expect(ctx.taken).toHaveLength(0);
  expect((await schedule.runNow())?.file).toBe(
    path.join(ctx.config.backups.dir, backupFileName(new Date(T0 + 48 * HOUR))),
  );
});

test('stop() waits for the backup under way, so the database is not closed under it', async () => {
  const ctx = await setup();
  const schedule = ctx.start();
  await ctx.time.advance(MINUTE - 1);
  let finished = false;
  const running = schedule.runNow().then(() => {
    finished = true;
  });
  await schedule.stop();
  expect(finished).toBe(true);
  await running;
  // No look is scheduled any more.
  expect(ctx.time.pending()).toBe(0);
});

test('a backup folder that cannot be read does not stop the server: it is logged and the backups fail visibly', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-schedule-'));
  dirs.push(root);
  fs.writeFileSync(path.join(root, 'not-a-folder'), '');
  const ctx = await setup({ BACKUP_DIR: path.join(root, 'not-a-folder') });
  const schedule = ctx.start();
  expect(ctx.lines.find((line) => line.msg === 'cannot read the backup folder')).toMatchObject({ level: 50 });
  await ctx.time.advance(MINUTE);
  await schedule.runNow();
  expect(schedule.status().lastFailure?.error).toMatch(/EEXIST|ENOTDIR/);
});
