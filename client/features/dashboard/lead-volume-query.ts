import { fetchJson, isRetryable } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { LeadVolume } from '#shared/operator-api.ts';

export const LEAD_VOLUME = 'lead-volume';

/** GET /api/dashboard/lead-volume through the client data cache (docs/product-rules.md#data-cache). */
export const leadVolumeQuery = createQuery({
  key: (_: typeof LEAD_VOLUME) => LEAD_VOLUME,
  load: () => fetchJson<LeadVolume>('/api/dashboard/lead-volume'),
  clock: browserClock,
  shouldRetry: isRetryable,
});
