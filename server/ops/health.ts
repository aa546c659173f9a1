import { Router } from 'express';
import { type DB, databaseAnswers } from '#db/database.ts';
import type { BackupStatus } from './backup-schedule.ts';

/**
 * `/healthz`: the process is up. `/readyz`: it can serve, the database answers; with the backup schedule, it
 * also says when the last backup was taken, its size and how long it took, and whether the latest attempt
 * failed, for a monitor to alert on (no file names or error text: the endpoint is public).
 */
export function healthRouter(db: DB, backupStatus?: () => BackupStatus): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await databaseAnswers(db);
    const backup = backupStatus?.();
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({
        status: ready ? 'ready' : 'unavailable',
        ...(backup && {
          backup: {
            last: backup.last && { at: backup.last.at, bytes: backup.last.bytes, ms: backup.last.ms },
            lastAttemptFailed: backup.lastFailure !== null,
          },
        }),
      });
  });
  return router;
}
