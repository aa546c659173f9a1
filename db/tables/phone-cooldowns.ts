/**
 * The last time each number (10 digits) asked for a demo call; at most one per 6 hours
 * (docs/product-rules.md#six-hour-rule).
 */
export interface PhoneCooldownsTable {
  phone: string;
  /** ISO-8601 UTC, from the server's clock. */
  last_requested_at: string;
}
