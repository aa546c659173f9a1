import { fetchJson, isRetryable } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { DeliverySummary, InboxFilters, InboxPage } from '#shared/lead-inbox.ts';
import { inboxQueryString } from './inbox-params.ts';

export interface InboxParams {
  filters: InboxFilters;
  /** Where the page starts; undefined for the first (newest) page. */
  cursor: string | undefined;
}

/** GET /api/leads, one cache entry per filters and page. */
export const inboxQuery = createQuery({
  key: ({ filters, cursor }: InboxParams) => inboxQueryString(filters, { cursor }),
  load: ({ filters, cursor }: InboxParams) =>
    fetchJson<InboxPage>(`/api/leads?${inboxQueryString(filters, { cursor })}`),
  clock: browserClock,
  shouldRetry: isRetryable,
});

export const DELIVERY = 'delivery';

/** GET /api/leads/delivery: what waits to reach the automation. */
export const deliveryQuery = createQuery({
  key: (_: typeof DELIVERY) => DELIVERY,
  load: () => fetchJson<DeliverySummary>('/api/leads/delivery'),
  clock: browserClock,
  shouldRetry: isRetryable,
});

/** Forgets every lead the page holds (after a sign-out). */
export function forgetLeads() {
  inboxQuery.clear();
  deliveryQuery.clear();
}
