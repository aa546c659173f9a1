import type { Generated } from 'kysely';

/** One tracked page view (docs/product-rules.md#visits). Unknown location parts are 'Unknown'. */
export interface VisitsTable {
  id: Generated<number>;
  ip_address: string;
  timestamp: string;
  page_visited: string;
  country: string;
  city: string;
  region: string;
  latitude: number | null;
  longitude: number | null;
  user_agent: string;
  referrer: string;
  is_return_visit: number;
  visit_duration: number;
  source_tag: string | null;
  calendar_link: string | null;
  /** The browser's own random id (shared/visitor-id.ts): what ties the visit to a person's leads. */
  visitor_id: string | null;
}
