import { z } from 'zod';
import { type Hook, hookError } from '#server/hooks/hook-path.ts';
import { isCallId } from '#shared/call-status-protocol.ts';
import type { CallStatusService } from './call-status-service.ts';

// 'preparing' is where calls start; the automation only moves them on.
const callStatusHookSchema = z.object({
  callId: z.string().refine(isCallId, 'callId must be a call id'),
  status: z.enum(['calling', 'completed', 'failed']),
});

/**
 * POST /api/hooks/call-status: the automation reports `{ callId, status }`, signed with HOOK_SECRET
 * (server/hooks/hooks.ts). The browser hears it after commit.
 */
export function callStatusHook({ calls }: { calls: Pick<CallStatusService, 'setStatus'> }): Hook['handle'] {
  return async (body) => {
    const parsed = callStatusHookSchema.safeParse(body);
    if (!parsed.success) return hookError(400, "Expected { callId, status: 'calling' | 'completed' | 'failed' }.");
    const { callId, status } = parsed.data;
    const outcome = await calls.setStatus(callId, status);
    switch (outcome.result) {
      case 'not-found':
        return hookError(404, 'Unknown call.');
      case 'conflict':
        return hookError(409, { error: `The call is already ${outcome.status}.`, callId, status: outcome.status });
      default:
        return { status: 200, body: { callId, status: outcome.status, changed: outcome.result === 'updated' } };
    }
  };
}
