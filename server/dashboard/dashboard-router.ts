import express from 'express';
import { requireRole } from '#server/sessions/require-role.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import type { Clock } from '#shared/clock.ts';
import type { LeadVolume } from '#shared/operator-api.ts';
import { type LeadVolumeStore, utcMonthOf } from './lead-volume-store.ts';

/**
 * GET /api/dashboard/lead-volume, for the client role only: the month's leads as the automation reported them, and
 * beside them the count of leads this site captured, so the client can compare the two. Only counts: the client role
 * reads no lead.
 */
export function dashboardRouter({
  leadVolume,
  capturedBetween,
  sessions,
  clock,
}: {
  leadVolume: LeadVolumeStore;
  /** Leads this site stored in [from, to). */
  capturedBetween: (from: string, to: string) => Promise<number>;
  sessions: SessionStore;
  clock: Clock;
}) {
  const router = express.Router();
  router.use(requireRole('client', { sessions, clock }));
  router.get('/lead-volume', async (_req, res) => {
    const now = clock();
    const { year, month, from, to } = utcMonthOf(now);
    const total = await leadVolume.countBetween(from, to);
    const captured = await capturedBetween(from, to);
    res.json({ total, captured, month, year, updatedAt: now.toISOString() } satisfies LeadVolume);
  });
  return router;
}
