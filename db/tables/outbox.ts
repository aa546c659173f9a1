import type { Generated } from 'kysely';
import type { DeliveryState } from '#shared/lead-inbox.ts';

export type { DeliveryState };

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
  /** Where delivery stands; kept by server/outbox/outbox-store.ts with every change of the columns above. */
  state: Generated<DeliveryState>;
  /** When the worker stopped retrying (LEAD_WEBHOOK_GIVE_UP_HOURS); unset again by a retry. */
  given_up_at: string | null;
  /** When an operator last asked for a retry: the give-up window starts again from it. */
  retried_at: string | null;
}
