import express from 'express';
import { type LeadVolumeStore, utcMonthOf } from '#server/dashboard/lead-volume-store.ts';
import { requireRole } from '#server/sessions/require-role.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import type { Clock } from '#shared/clock.ts';
import type { LeadVolume } from '#shared/operator-api.ts';

/** GET /api/dashboard/lead-volume (DESIGN.md: the `{name}-leads` function), for the client role only. */
export function dashboardRouter({
  leadVolume,
  sessions,
  clock,
}: {
  leadVolume: LeadVolumeStore;
  sessions: SessionStore;
  clock: Clock;
}) {
  const router = express.Router();
  router.use(requireRole('client', { sessions, clock }));
  router.get('/lead-volume', async (_req, res) => {
    const now = clock();
    const { year, month, from, to } = utcMonthOf(now);
    const total = await leadVolume.countBetween(from, to);
    res
      .set('Cache-Control', 'no-store')
      .json({ total, month, year, updatedAt: now.toISOString() } satisfies LeadVolume);
  });
  return router;
}
