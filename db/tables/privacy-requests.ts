import type { Generated } from 'kysely';

/** One privacy request answered (db/migrations/0007-privacy-requests.ts): counts only, no personal data. */
export interface PrivacyRequestsTable {
  id: Generated<number>;
  action: 'export' | 'erase';
  matched_by: 'phone' | 'email';
  leads: number;
  consents: number;
  calls: number;
  deliveries: number;
  visits: number;
  cooldowns: number;
  /** ISO-8601 UTC, from the server's clock. */
  created_at: string;
}
