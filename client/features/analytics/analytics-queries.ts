import { fetchJson, isRetryable } from '#client/lib/fetch-json.ts';
import { createQuery } from '#client/lib/query-cache.ts';
import { browserClock } from '#client/lib/use-query.ts';
import type { AnalyticsRange, AnalyticsSummary, VisitsPage } from '#shared/operator-api.ts';

export const RECENT_PAGE_SIZE = 20;

/** GET /api/analytics/summary, one cache entry per range. */
export const summaryQuery = createQuery({
  key: (days: AnalyticsRange) => String(days),
  load: (days: AnalyticsRange) => fetchJson<AnalyticsSummary>(`/api/analytics/summary?days=${days}`),
  clock: browserClock,
  shouldRetry: isRetryable,
});

export interface RecentParams {
  days: AnalyticsRange;
  page: number;
}

/** GET /api/analytics/visits, one cache entry per range and page. */
export const recentVisitsQuery = createQuery({
  key: ({ days, page }: RecentParams) => `${days}:${page}`,
  load: ({ days, page }: RecentParams) =>
    fetchJson<VisitsPage>(`/api/analytics/visits?days=${days}&page=${page}&pageSize=${RECENT_PAGE_SIZE}`),
  clock: browserClock,
  shouldRetry: isRetryable,
});

/** Forgets every analytics figure (after a sign-out). */
export function forgetAnalytics() {
  summaryQuery.clear();
  recentVisitsQuery.clear();
}
