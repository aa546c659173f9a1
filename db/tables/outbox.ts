import type { Generated } from 'kysely';

/** Webhook payloads written in the same transaction as the lead, delivered later with retries. */
export interface OutboxTable {
  id: Generated<number>;
  topic: string;
  payload: string;
  attempts: Generated<number>;
  next_attempt_at: Generated<string>;
  delivered_at: string | null;
  last_error: string | null;
  created_at: Generated<string>;
}
