import { z } from 'zod';
import { type Hook, hookError } from '#server/hooks/hook-path.ts';
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
 * POST /api/hooks/leads: the automation reports leads for the client dashboard, signed like every hook
 * (server/hooks/hooks.ts). Answers how many were new and how many it had already reported (idempotent by
 * external id).
 */
export function leadVolumeHook({ leadVolume, clock }: { leadVolume: LeadVolumeStore; clock: Clock }): Hook['handle'] {
  return async (body) => {
    const parsed = leadVolumeHookSchema.safeParse(body);
    if (!parsed.success) {
      const { fieldErrors } = toFieldErrors(parsed.error);
      return hookError(400, { error: 'Expected { externalId, receivedAt? } or a list of them.', fieldErrors });
    }
    const now = clock().toISOString();
    const leads = (Array.isArray(parsed.data) ? parsed.data : [parsed.data]).map((lead) => ({
      externalId: lead.externalId,
      // Normalised to UTC so that month bounds compare as text.
      receivedAt: lead.receivedAt ? new Date(lead.receivedAt).toISOString() : now,
    }));
    return { status: 200, body: await leadVolume.ingest(leads) };
  };
}
