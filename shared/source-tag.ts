// Source tags and the booking calendar each one gets (docs/product-rules.md#source-tags).

export const DEFAULT_SOURCE_TAG = 'website';
export const AGENT_ISA_SOURCE_TAG = 'agent-isa';
export const ISA_HQ_SOURCE_TAG = 'isa-hq';
export const KNOWN_SOURCE_TAGS = [DEFAULT_SOURCE_TAG, AGENT_ISA_SOURCE_TAG, ISA_HQ_SOURCE_TAG] as const;

/** The local-storage key the browser keeps the tag under. */
export const SOURCE_TAG_STORAGE_KEY = 'source_tag';

// A tag comes from a URL anyone can write and ends up in stored leads: keep it short and plain.
const SOURCE_TAG_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** True for a tag worth keeping: 1-64 lower-case letters, digits, dashes or underscores. */
export function isSourceTag(value: unknown): value is string {
  return typeof value === 'string' && SOURCE_TAG_PATTERN.test(value);
}

function normalised(value: string | null | undefined): string | undefined {
  const tag = value?.trim().toLowerCase();
  return isSourceTag(tag) ? tag : undefined;
}

/** The 'source' query parameter wins, else the stored value, else the default. */
export function resolveSourceTag({ query, stored }: { query?: string | null; stored?: string | null }): string {
  return normalised(query) ?? normalised(stored) ?? DEFAULT_SOURCE_TAG;
}

export type CalendarNamespace = 'demo-call' | 'agent-isa' | 'isa-hq';

/** Cal.com's booking config: always the month_view layout. */
export interface CalendarConfig {
  layout: 'month_view';
}

/** What the booking embed gets: a link, a namespace and a config. */
export interface CalendarBooking {
  link: string;
  namespace: CalendarNamespace;
  config: CalendarConfig;
}

// A Map, not an object: a tag such as 'constructor' must not find anything inherited.
const NAMESPACE_BY_TAG = new Map<string, CalendarNamespace>([
  [AGENT_ISA_SOURCE_TAG, 'agent-isa'],
  [ISA_HQ_SOURCE_TAG, 'isa-hq'],
]);

/** The team's demo-call calendar, or the agent ISA / ISA HQ one under the same team. */
export function calendarFor(tag: string, team: string): CalendarBooking {
  const namespace = NAMESPACE_BY_TAG.get(tag) ?? 'demo-call';
  return { link: `${team.replace(/\/+$/, '')}/${namespace}`, namespace, config: { layout: 'month_view' } };
}
