import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { sendApiError } from '#server/http/api-error.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { hasHiddenCharacters } from '#shared/visible-text.ts';
import type { LeadVolumeStore } from './lead-volume-store.ts';

const reportedLead = z.object({
  // Compared as given, so 'crm-1' with a zero-width space would count one lead twice
  // (docs/product-rules.md#hidden-characters).
  externalId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((id) => !hasHiddenCharacters(id), { error: 'externalId must not contain hidden characters' }),
  receivedAt: z.iso.datetime({ offset: true }).optional(),
});
/** One lead or a batch; a batch stays well inside the signed-body limit of 64 kB. */
export const leadVolumeHookSchema = z.union([reportedLead, z.array(reportedLead).min(1).max(500)]);

/**
 * POST /api/hooks/leads: the automation reports leads for the client dashboard, signed like every hook.
 * Answers how many were new and how many it had already reported (idempotent by external id).
 */
export function leadVolumeHookRouter({
  verify,
  leadVolume,
  clock,
}: {
  /** The signature check (server/hooks/signing.ts). */
  verify: RequestHandler[];
  leadVolume: LeadVolumeStore;
  clock: Clock;
}) {
  const router = express.Router();
  router.post('/', ...verify, async (req, res) => {
    const parsed = leadVolumeHookSchema.safeParse(req.body);
    if (!parsed.success) {
      const { fieldErrors } = toFieldErrors(parsed.error);
      sendApiError(res, 400, { error: 'Expected { externalId, receivedAt? } or a list of them.', fieldErrors });
      return;
    }
    const now = clock().toISOString();
    const leads = (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).map((lead) => ({
      externalId: lead.externalId,
      // Normalised to UTC so that month bounds compare as text.
      receivedAt: lead.receivedAt ? new Date(lead.receivedAt).toISOString() : now,
    }));
    res.json(await leadVolume.ingest(leads));
  });
  return router;
}
