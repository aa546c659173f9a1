import type { Generated } from 'kysely';

/** Leads the automation reports for the client dashboard; idempotent by external id. */
export interface LeadVolumeTable {
  id: Generated<number>;
  external_id: string;
  received_at: string;
  created_at: Generated<string>;
}
