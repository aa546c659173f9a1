import type { InboxFilters } from '#shared/lead-inbox.ts';

// The inbox's filters as the API's query parameters (GET /api/leads, /api/leads/export.csv).

const FILTER_NAMES = ['kind', 'source', 'state', 'from', 'to', 'q'] as const satisfies readonly (keyof InboxFilters)[];

/** The set filters as a query string, in a fixed order (it is also a cache key); empty ones are left out. */
export function inboxQueryString(filters: InboxFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  for (const [name, value] of Object.entries(extra)) if (value) params.set(name, value);
  return params.toString();
}

/** True when any filter is set. */
export function isFiltered(filters: InboxFilters): boolean {
  return inboxQueryString(filters) !== '';
}
