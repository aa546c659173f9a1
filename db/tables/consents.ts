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
  /** SHA-256 (hex) of the receipt link's token; the token is never stored. Null for consents before receipts. */
  receipt_hash: string | null;
  /** The opt-back-in box's words, when a person on the do-not-contact list ticked it with this consent. */
  renewal_text: string | null;
}

/** Consent taken back, for one lead (docs/product-rules.md#consent). */
export interface ConsentRevocationsTable {
  lead_id: string;
  /** `receipt`: the receipt's button; `form`: the form on the consent policy page. */
  via: 'receipt' | 'form';
  ip_address: string | null;
  user_agent: string | null;
  created_at: string;
}

/** Numbers and addresses never to contact: HMAC-SHA256 under the server's key, never the number or address. */
export interface DoNotContactTable {
  digest: string;
  kind: 'phone' | 'email';
  listed_at: string;
}
