import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { sendApiError } from '#server/http/api-error.ts';
import { isCallId } from '#shared/call-status-protocol.ts';
import type { CallStatusService } from './call-status-service.ts';

// 'preparing' is where calls start; the automation only moves them on.
const callStatusHookSchema = z.object({
  callId: z.string().refine(isCallId, 'callId must be a call id'),
  status: z.enum(['calling', 'completed', 'failed']),
});

/**
 * POST /api/hooks/call-status: the automation reports `{ callId, status }`, signed with HOOK_SECRET
 * (`verify`, server/hooks/signing.ts). The browser hears it after commit.
 */
export function callStatusHookRouter({
  verify,
  calls,
}: {
  verify: RequestHandler[];
  calls: Pick<CallStatusService, 'setStatus'>;
}) {
  const router = express.Router();
  router.post('/', ...verify, async (req, res) => {
    const parsed = callStatusHookSchema.safeParse(req.body);
    if (!parsed.success) {
      sendApiError(res, 400, "Expected { callId, status: 'calling' | 'completed' | 'failed' }.");
      return;
    }
    const { callId, status } = parsed.data;
    const outcome = await calls.setStatus(callId, status);
    switch (outcome.result) {
      case 'not-found':
        sendApiError(res, 404, 'Unknown call.');
        return;
      case 'conflict':
        sendApiError(res, 409, { error: `The call is already ${outcome.status}.`, callId, status: outcome.status });
        return;
      default:
        res.json({ callId, status: outcome.status, changed: outcome.result === 'updated' });
    }
  });
  return router;
}
