import express from 'express';
import { sendApiError } from '#server/http/api-error.ts';
import { requireRole } from '#server/sessions/require-role.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { summaryQuerySchema, type VisitsPage, visitsQuerySchema } from '#shared/operator-api.ts';
import type { AnalyticsStore } from './analytics-store.ts';

/** GET /api/analytics/summary and /api/analytics/visits, for the analytics role only. */
export function analyticsRouter({
  analytics,
  sessions,
  clock,
}: {
  analytics: AnalyticsStore;
  sessions: SessionStore;
  clock: Clock;
}) {
  const router = express.Router();
  router.use(requireRole('analytics', { sessions, clock }));

  router.get('/summary', async (req, res) => {
    const query = summaryQuerySchema.safeParse(req.query);
    if (!query.success) {
      sendApiError(res, 400, toFieldErrors(query.error));
      return;
    }
    res.json(await analytics.summary(clock(), query.data.days));
  });

  router.get('/visits', async (req, res) => {
    const query = visitsQuerySchema.safeParse(req.query);
    if (!query.success) {
      sendApiError(res, 400, toFieldErrors(query.error));
      return;
    }
    const { days, page, pageSize } = query.data;
    const { total, visits } = await analytics.recent(clock(), days, page, pageSize);
    res.json({ days, page, pageSize, total, visits } satisfies VisitsPage);
  });

  return router;
}
