import type { Generated } from 'kysely';
import type { MatchedBy, PrivacyAction, RecordCounts } from '#shared/privacy-requests.ts';

/** One privacy request answered (db/migrations/0007-privacy-requests.ts): counts only, no personal data. */
export interface PrivacyRequestsTable extends RecordCounts {
  id: Generated<number>;
  action: PrivacyAction;
  matched_by: MatchedBy;
  /** ISO-8601 UTC, from the server's clock. */
  created_at: string;
}
