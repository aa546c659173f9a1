import type { CallConversation } from '#server/calls/call-conversation.ts';
import type { ReportCall } from '#server/calls/call-reports.ts';
import { callStatusHook } from '#server/calls/call-status-hook.ts';
import type { CallStatusService } from '#server/calls/call-status-service.ts';
import { vapiHook } from '#server/calls/vapi-hook.ts';
import type { Config } from '#server/config.ts';
import { leadVolumeHook } from '#server/dashboard/lead-volume-hook.ts';
import type { LeadVolumeStore } from '#server/dashboard/lead-volume-store.ts';
import { windowCounter } from '#server/http/window-counter.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';
import type { Hook } from './hook-path.ts';
import type { ReplayGuard } from './replay-guard.ts';
import {
  bodySignedHookGuard,
  PROVIDER_HOOK_BODY_BYTES,
  SIGNED_HOOK_BODY_BYTES,
  type SignedHookGuard,
  signedHookGuard,
  VAPI_SIGNATURE_HEADER,
} from './signing.ts';

/** Where the automation's signed callbacks live; each hook signs its full path under it. */
export const HOOKS_PATH = '/api/hooks';

/**
 * The signed server-to-server hooks by path, answered before Express (server/hooks/hook-path.ts): the automation
 * is limited by its own, generous count of correctly signed requests, never by the per-browser API limit or the
 * same-origin rule. Bad signatures have a stricter limit of their own. Every hook shares both counts per address.
 */
export function signedHooks({
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
}): Map<string, Hook> {
  const guard: SignedHookGuard = {
    secret: config.secrets.hookSecret,
    clock,
    replays,
    accepted: { counter: windowCounter({ windowMs: 60_000, clock }), limit: config.hooks.rateLimitPerMinute },
    failures: { counter: windowCounter({ windowMs: 60_000, clock }), limit: config.hooks.failureLimitPerMinute },
  };
  const signed = (path: string, handle: Hook['handle']): [string, Hook] => [
    `${HOOKS_PATH}${path}`,
    { bodyLimit: SIGNED_HOOK_BODY_BYTES, ...signedHookGuard(`${HOOKS_PATH}${path}`, guard), handle },
  ];
  // Vapi signs the body alone, with its own secret (README "Call provider"); the same limits per address.
  const vapiGuard = bodySignedHookGuard({
    secret: config.secrets.vapiServerSecret,
    header: VAPI_SIGNATURE_HEADER,
    accepted: guard.accepted,
    failures: guard.failures,
  });
  return new Map([
    signed('/call-status', callStatusHook({ calls })),
    signed('/leads', leadVolumeHook({ leadVolume, clock })),
    [
      `${HOOKS_PATH}/vapi`,
      {
        bodyLimit: PROVIDER_HOOK_BODY_BYTES,
        ...vapiGuard,
        handle: vapiHook({ calls, conversation, report: reportCall, logger }),
      },
    ],
  ]);
}
