import express from 'express';
import { callStatusHookRouter } from '#server/calls/call-status-hook.ts';
import type { CallStatusService } from '#server/calls/call-status-service.ts';
import type { Config } from '#server/config.ts';
import { leadVolumeHookRouter } from '#server/dashboard/lead-volume-hook.ts';
import type { LeadVolumeStore } from '#server/dashboard/lead-volume-store.ts';
import { windowCounter } from '#server/http/window-counter.ts';
import type { Clock } from '#shared/clock.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { type SignedHookGuard, verifySignedJson } from './signing.ts';

/** Where the automation's signed callbacks live; each hook signs its full path under it. */
export const HOOKS_PATH = '/api/hooks';

/**
 * The signed server-to-server hooks, mounted beside the browser API rather than in it: the automation is
 * limited by its own, generous count of correctly signed requests, never by the per-browser API limit or
 * the same-origin rule. Bad signatures have a stricter limit of their own.
 */
export function hooksRouter({
  config,
  clock,
  calls,
  leadVolume,
  replays,
}: {
  config: Config;
  clock: Clock;
  calls: Pick<CallStatusService, 'setStatus'>;
  leadVolume: LeadVolumeStore;
  replays: ReplayGuard;
}) {
  const guard: SignedHookGuard = {
    secret: config.secrets.hookSecret,
    clock,
    replays,
    accepted: { counter: windowCounter({ windowMs: 60_000, clock }), limit: config.hooks.rateLimitPerMinute },
    failures: { counter: windowCounter({ windowMs: 60_000, clock }), limit: config.hooks.failureLimitPerMinute },
  };
  const router = express.Router();
  const hook = (path: string) => verifySignedJson(`${HOOKS_PATH}${path}`, guard);
  router.use('/call-status', callStatusHookRouter({ verify: hook('/call-status'), calls }));
  router.use('/leads', leadVolumeHookRouter({ verify: hook('/leads'), leadVolume, clock }));
  return router;
}
