import type { Generated } from 'kysely';

export type CallStatus = 'preparing' | 'calling' | 'completed' | 'failed';

/** One demo call (docs/product-rules.md#call-status). The id is unguessable: it names the socket room. */
export interface CallNotificationsTable {
  id: string;
  lead_id: string;
  /** E.164: +1 and 10 digits. */
  phone_number: string;
  status: CallStatus;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}
