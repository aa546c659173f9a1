/**
 * Evidence of the consent given with one lead (docs/product-rules.md#consent): the exact text and version, time, IP,
 * user agent.
 */
export interface ConsentsTable {
  id: string;
  lead_id: string;
  consent_text_version: string;
  consent_text: string;
  ip_address: string | null;
  user_agent: string | null;
  /** ISO-8601 UTC, from the server's clock. */
  created_at: string;
}
