import fs from 'node:fs';
import path from 'node:path';
import { type BackupResult, listBackups, type TakeBackupOptions, takeBackup } from '#db/backups.ts';
import type { BackupConfig } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';

export interface BackupStatus {
  /** Hours between scheduled backups; 0 when the schedule is off. */
  intervalHours: number;
  /** The newest backup in the folder (from an earlier run too), whatever its kind. */
  last: { file: string; at: string; bytes: number; ms: number | null } | null;
  /** Set when the latest attempt failed; cleared by the next success. */
  lastFailure: { at: string; error: string } | null;
}

export interface BackupSchedule {
  /** What operators and `/readyz` see of the backups. */
  status(): BackupStatus;
  /** Takes a backup now (or joins the one under way). */
  runNow(): Promise<BackupResult | undefined>;
  /** Stops the schedule and waits for a backup in progress, so the database can close after. */
  stop(): Promise<void>;
}

/** Starts a timer and returns what cancels it; tests pass fake timers. */
export type SetTimer = (run: () => void, ms: number) => () => void;

const nodeTimer: SetTimer = (run, ms) => {
  const timer = setTimeout(run, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

const HOUR_MS = 3_600_000;

/**
 * Backs the database up every `intervalHours`, counted from the newest backup in the folder, so a server that
 * restarts more often than that still makes them. The first look is a minute after start-up (or sooner with a
 * shorter interval), then at least hourly; a failure is logged and tried again at the next look.
 */
export function scheduleBackups({
  config,
  databaseFile,
  clock,
  logger,
  setTimer = nodeTimer,
  firstCheckMs = 60_000,
  backup = (options) => takeBackup({ ...options, inWorker: true }),
  onBackup = () => {},
}: {
  config: BackupConfig;
  databaseFile: string;
  clock: Clock;
  logger: Logger;
  setTimer?: SetTimer;
  firstCheckMs?: number;
  backup?: (options: TakeBackupOptions) => Promise<BackupResult>;
  /** Told how each backup ended (the metrics count them). */
  onBackup?: (result: 'success' | 'failure') => void;
}): BackupSchedule {
  const log = logger.child({ subsystem: 'backup' });
  const intervalMs = config.intervalHours * HOUR_MS;
  let last: BackupStatus['last'] = null;
  let lastFailure: BackupStatus['lastFailure'] = null;
  try {
    const newest = listBackups(config.dir).at(-1);
    if (newest)
      last = { file: newest.file, at: newest.at.toISOString(), bytes: fs.statSync(newest.file).size, ms: null };
  } catch (error) {
    // An unreadable BACKUP_DIR must not keep the site down: the first backup fails, is logged and shows in /readyz.
    log.error({ err: error, dir: config.dir }, 'cannot read the backup folder');
  }
  let running: Promise<BackupResult | undefined> | undefined;
  let cancel = () => {};
  let stopped = false;

  function runNow(): Promise<BackupResult | undefined> {
    running ??= backup({ databaseFile, dir: config.dir, keep: config.keep, at: clock() })
      .then(
        (result) => {
          last = { file: result.file, at: result.at.toISOString(), bytes: result.bytes, ms: result.ms };
          lastFailure = null;
          log.info(
            { file: path.basename(result.file), bytes: result.bytes, ms: result.ms, removed: result.removed.length },
            'database backed up',
          );
          onBackup('success');
          return result;
        },
        (error: unknown) => {
          lastFailure = { at: clock().toISOString(), error: error instanceof Error ? error.message : String(error) };
          log.error({ err: error, dir: config.dir }, 'database backup failed');
          onBackup('failure');
          return undefined;
        },
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function msUntilDue(): number {
    if (!last) return 0;
    return new Date(last.at).getTime() + intervalMs - clock().getTime();
  }

  function schedule(ms: number): void {
    if (stopped) return;
    cancel = setTimer(() => void look(), ms);
  }

  async function look(): Promise<void> {
    if (msUntilDue() <= 0 && !(await runNow())) {
      // Failed: the newest backup is still old, so try again at the next look rather than at once.
      schedule(Math.min(HOUR_MS, intervalMs));
      return;
    }
    schedule(Math.max(1_000, Math.min(msUntilDue(), HOUR_MS)));
  }

  if (intervalMs > 0) {
    schedule(Math.min(firstCheckMs, intervalMs));
    log.info({ dir: config.dir, everyHours: config.intervalHours, keep: config.keep }, 'scheduled backups on');
  } else {
    log.warn({ dir: config.dir }, 'scheduled backups off (BACKUP_INTERVAL_HOURS=0)');
  }

  return {
    status: () => ({ intervalHours: config.intervalHours, last, lastFailure }),
    runNow,
    async stop() {
      stopped = true;
      cancel();
      await running;
    },
  };
}
