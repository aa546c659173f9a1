import type { Generated } from 'kysely';

/** Webhook payloads written in the same transaction as the lead, delivered later with retries. */
export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  /** Sent as the delivery header: the lead's id, stable across retries and databases. */
  delivery_id: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  /** A worker's lease while sending the row; unset when no worker holds it. */
  claimed_until: string | null;
  delivered_at: string | null;
  last_error: string | null;
  created_at: Generated<string>;
}
