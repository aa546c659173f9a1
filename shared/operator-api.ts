import { z } from 'zod';

// Response shapes of the operator APIs behind sessions, shared with the /dashboard and /analytics pages.

/** GET /api/dashboard/lead-volume: the client dashboard's figures (docs/product-rules.md#operator-roles). */
export interface LeadVolume {
  /** Leads the call automation reported this month (POST /api/hooks/leads), from every source it has. */
  total: number;
  /** Leads this website captured this month (demo-call and contact forms), to compare with `total`. */
  captured: number;
  /** 1-12; month and year of the server's clock in UTC. */
  month: number;
  year: number;
  /** When the count was taken, ISO-8601. */
  updatedAt: string;
}

export const ANALYTICS_RANGES = [7, 30, 90] as const;
export type AnalyticsRange = (typeof ANALYTICS_RANGES)[number];

const range = z
  .enum(['7', '30', '90'], { error: 'Days must be 7, 30 or 90' })
  .default('7')
  .transform((v): AnalyticsRange => (v === '7' ? 7 : v === '30' ? 30 : 90));

export const summaryQuerySchema = z.object({ days: range });

export const VISITS_PAGE_SIZE_MAX = 100;
export const visitsQuerySchema = z.object({
  days: range,
  page: z.coerce.number({ error: 'Page must be a number' }).int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number({ error: 'Page size must be a number' }).int().min(1).max(VISITS_PAGE_SIZE_MAX).default(25),
});

export interface CountRow {
  label: string;
  visits: number;
}

/** GET /api/analytics/summary?days=7|30|90. Days are UTC calendar days ending today. */
export interface AnalyticsSummary {
  days: AnalyticsRange;
  /** First and last day of the range, yyyy-mm-dd. */
  from: string;
  to: string;
  totals: {
    visits: number;
    /** Distinct IP addresses (truncated ones when VISITS_TRUNCATE_IP is on). */
    uniqueVisitors: number;
    returnVisits: number;
    /** returnVisits / visits, 0 when there are no visits. */
    returnVisitShare: number;
    /** Mean reported visit duration in whole seconds. */
    averageDuration: number;
  };
  /** One entry per day of the range, oldest first, zeros included. */
  perDay: { date: string; visits: number; uniqueVisitors: number }[];
  topPages: CountRow[];
  /** Source tag; '(none)' when the browser sent none. */
  sources: CountRow[];
  referrers: CountRow[];
  countries: CountRow[];
  /** "City, Region, CC", or 'Unknown'. */
  cities: CountRow[];
  devices: CountRow[];
  browsers: CountRow[];
}

export interface RecentVisit {
  id: number;
  timestamp: string;
  page: string;
  ipAddress: string;
  country: string;
  region: string;
  city: string;
  referrer: string;
  returnVisit: boolean;
  duration: number;
  sourceTag: string | null;
  device: string;
  browser: string;
}

/** GET /api/analytics/visits?days=&page=&pageSize=: newest first. */
export interface VisitsPage {
  days: AnalyticsRange;
  page: number;
  pageSize: number;
  total: number;
  visits: RecentVisit[];
}
