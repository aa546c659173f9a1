import {
  CONSENT_STATES,
  type ConsentState,
  DELIVERY_STATES,
  type DeliveryState,
  INBOX_SEARCH_MAX,
  type InboxFilters,
  LEAD_KINDS,
  type LeadKind,
} from '#shared/lead-inbox.ts';

// The inbox's filters as query parameters: of the API (GET /api/leads, /api/leads/export.csv) and of the page's own
// address, which holds them so that a filtered inbox can be bookmarked and Back goes to the filters before.

const FILTER_NAMES = [
  'kind',
  'source',
  'state',
  'consent',
  'from',
  'to',
  'q',
] as const satisfies readonly (keyof InboxFilters)[];

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

const oneOf =
  <T extends string>(values: readonly T[]) =>
  (value: string | null): T | undefined =>
    values.find((known) => known === value);
const kindOf = oneOf<LeadKind>(LEAD_KINDS);
const stateOf = oneOf<DeliveryState>(DELIVERY_STATES);
const consentOf = oneOf<ConsentState>(CONSENT_STATES);
const dayOf = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const textOf = (value: string | null, max: number) => value?.trim().slice(0, max) || undefined;

/**
 * The filters an address names. A choice the inbox does not offer is left out rather than sent (a hand-edited or
 * old bookmark still opens the inbox); the server checks what remains as it checks the form's.
 */
export function filtersFromSearch(search: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {
    kind: kindOf(search.get('kind')),
    source: textOf(search.get('source'), INBOX_SEARCH_MAX),
    state: stateOf(search.get('state')),
    consent: consentOf(search.get('consent')),
    from: dayOf(search.get('from')),
    to: dayOf(search.get('to')),
    q: textOf(search.get('q'), INBOX_SEARCH_MAX),
  };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}
