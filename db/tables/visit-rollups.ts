// Daily rollups of the visits table for the analytics summary, kept in step by the visit store on every insert
// and by retention (server/analytics/visit-rollup.ts). Days are UTC, yyyy-mm-dd: the first 10 characters of
// visits.timestamp.

/** One row per day with visits. */
export interface VisitDaysTable {
  day: string;
  visits: number;
  /** Distinct addresses that visited this day. */
  unique_visitors: number;
  return_visits: number;
  /** Sum of the reported durations, in seconds. */
  duration_total: number;
  /**
   * Addresses whose latest visit is on this day. Summed over the days of a range that ends today, it is the
   * number of distinct addresses in the range: each is counted on its last day only.
   */
  last_seen: number;
}

export type VisitDimension = 'page' | 'source' | 'referrer' | 'device' | 'browser';

/** Visits per day and value of one dimension (a page, a source tag, a referrer, a device or browser class). */
export interface VisitDayCountsTable {
  dimension: VisitDimension;
  day: string;
  value: string;
  visits: number;
}

/** Visits per day and place; countries are summed from it too. */
export interface VisitDayPlacesTable {
  day: string;
  country: string;
  region: string;
  city: string;
  visits: number;
}
