// Privacy requests answered from the lead inbox (POST /api/privacy-requests/…): find, export or erase every
// record of one person, found by phone number or e-mail address. No zod here (the page's code carries none);
// the server's schema is privacy-request-schema.ts.

export type MatchedBy = 'phone' | 'email';
export type PrivacyAction = 'export' | 'erase';

/** How many records of each kind a person has; what an erasure deletes and an export contains. */
export interface RecordCounts {
  leads: number;
  /** Consent records of those leads. */
  consents: number;
  /** Demo calls of those leads. */
  calls: number;
  /** Their webhook payloads in the outbox. */
  deliveries: number;
  /** Visits from the addresses those leads were sent from. */
  visits: number;
  /** The 6-hour demo-call limit's record of their numbers. */
  cooldowns: number;
}

/** POST /api/privacy-requests/search. */
export interface PrivacyFindings {
  matchedBy: MatchedBy;
  counts: RecordCounts;
  leads: { id: string; createdAt: string; kind: 'demo' | 'contact'; fullName: string }[];
}

/** POST /api/privacy-requests/erase. */
export interface ErasureResult {
  matchedBy: MatchedBy;
  erased: RecordCounts;
}

/** GET /api/privacy-requests: the audit trail, newest first. No personal data is kept in it. */
export interface PrivacyAuditEntry {
  id: number;
  action: PrivacyAction;
  matchedBy: MatchedBy;
  counts: RecordCounts;
  at: string;
}
