import { Router } from 'express';
import { type DB, databaseAnswers } from '#db/database.ts';

/** `/healthz`: the process is up. `/readyz`: it can serve, the database answers. */
export function healthRouter(db: DB): Router {
  const router = Router();
  router.get('/healthz', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    const ready = await databaseAnswers(db);
    res
      .set('Cache-Control', 'no-store')
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable' });
  });
  return router;
}
