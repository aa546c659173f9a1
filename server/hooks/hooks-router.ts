import express from 'express';
import type { CallConversation } from '#server/calls/call-conversation.ts';
import type { ReportCall } from '#server/calls/call-reports.ts';
import { callStatusHookRouter } from '#server/calls/call-status-hook.ts';
import type { CallStatusService } from '#server/calls/call-status-service.ts';
import { vapiHookRouter } from '#server/calls/vapi-hook.ts';
import type { Config } from '#server/config.ts';
import { leadVolumeHookRouter } from '#server/dashboard/lead-volume-hook.ts';
import type { LeadVolumeStore } from '#server/dashboard/lead-volume-store.ts';
import { windowCounter } from '#server/http/window-counter.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';
import type { ReplayGuard } from './replay-guard.ts';
import { type SignedHookGuard, VAPI_SIGNATURE_HEADER, verifyBodySignedJson, verifySignedJson } from './signing.ts';

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
  conversation,
  reportCall,
  leadVolume,
  replays,
  logger,
}: {
  config: Config;
  clock: Clock;
  calls: Pick<CallStatusService, 'setStatus' | 'linkProviderCall' | 'callOfProvider'>;
  conversation: Pick<CallConversation, 'finalLines'>;
  reportCall: ReportCall;
  leadVolume: LeadVolumeStore;
  replays: ReplayGuard;
  logger: Logger;
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
  // Vapi signs the body alone, with its own secret (README "Call provider"); the same limits per address.
  const vapi = verifyBodySignedJson({
    secret: config.secrets.vapiServerSecret,
    header: VAPI_SIGNATURE_HEADER,
    accepted: guard.accepted,
    failures: guard.failures,
  });
  router.use('/vapi', vapiHookRouter({ verify: vapi, calls, conversation, report: reportCall, logger }));
  return router;
}
