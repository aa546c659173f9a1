import { fetchJson, isRetryable } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { LeadCallAnswer } from '#shared/lead-call.ts';
import type { DeliverySummary, InboxFilters, InboxPage, RetryResult } from '#shared/lead-inbox.ts';
import { inboxQueryString } from './inbox-params.ts';
import { auditQuery } from './privacy-queries.ts';

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

/** GET /api/leads/:id/call: one lead's call in full, loaded when the operator opens it. */
export const leadCallQuery = createQuery({
  key: (leadId: string) => leadId,
  load: (leadId: string) => fetchJson<LeadCallAnswer>(`/api/leads/${encodeURIComponent(leadId)}/call`),
  clock: browserClock,
  shouldRetry: isRetryable,
});

/** Forgets every lead the page holds (after a sign-out). */
export function forgetLeads() {
  inboxQuery.clear();
  deliveryQuery.clear();
  leadCallQuery.clear();
  auditQuery.clear();
}

/** POST /api/leads/:id/retry: the lead's delivery is due at once. */
export function retryLead(id: string): Promise<RetryResult> {
  return fetchJson<RetryResult>(`/api/leads/${encodeURIComponent(id)}/retry`, { method: 'POST' });
}

/** POST /api/leads/retry-given-up: every given-up delivery is due at once. */
export function retryGivenUp(): Promise<RetryResult> {
  return fetchJson<RetryResult>('/api/leads/retry-given-up', { method: 'POST' });
}

/**
 * Something came in while the inbox is open (a lead, a call that moved on): the page shown and the delivery
 * figures load again. The other pages kept (an older page's total is the newest page's); a call the operator opened
 * loads again only if its card shows it changed (lead-call-details.tsx).
 */
export function refreshShown(shown: InboxParams) {
  void inboxQuery.refetch(shown);
  void deliveryQuery.refetch(DELIVERY);
}

/** After a change on the server: every cached page is forgotten and what is shown loads again. */
export function reloadLeads(shown: InboxParams) {
  inboxQuery.clear();
  leadCallQuery.clear();
  void inboxQuery.refetch(shown);
  void deliveryQuery.refetch(DELIVERY);
}
