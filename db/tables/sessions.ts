import type { Generated } from 'kysely';

export type SessionRole = 'client' | 'analytics' | 'operator';

/** Operator sessions for the client dashboard, the analytics page and the lead inbox. */
export interface SessionsTable {
  /** SHA-256 (hex) of the session id; the id itself lives only in the operator's cookie. */
  id_hash: string;
  role: SessionRole;
  expires_at: string;
  created_at: Generated<string>;
}
