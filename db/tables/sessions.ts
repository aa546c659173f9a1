import type { Generated } from 'kysely';

export type SessionRole = 'client' | 'analytics';

/** Operator sessions for the client dashboard and the analytics page. */
export interface SessionsTable {
  id: string;
  role: SessionRole;
  expires_at: string;
  created_at: Generated<string>;
}
