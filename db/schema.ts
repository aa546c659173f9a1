import type { Kysely } from 'kysely';
import type {
  CallFieldsTable,
  CallNotificationsTable,
  CallTranscriptLinesTable,
} from '#db/tables/call-notifications.ts';
import type { ConsentRevocationsTable, ConsentsTable, DoNotContactTable } from '#db/tables/consents.ts';
import type { LeadSearchTermsTable } from '#db/tables/lead-search-terms.ts';
import type { LeadVolumeTable } from '#db/tables/lead-volume.ts';
import type { LeadsTable } from '#db/tables/leads.ts';
import type { OutboxTable } from '#db/tables/outbox.ts';
import type { PhoneCooldownsTable } from '#db/tables/phone-cooldowns.ts';
import type { PrivacyRequestsTable } from '#db/tables/privacy-requests.ts';
import type { SessionsTable } from '#db/tables/sessions.ts';
import type { VisitDayCountsTable, VisitDayPlacesTable, VisitDaysTable } from '#db/tables/visit-rollups.ts';
import type { VisitsTable } from '#db/tables/visits.ts';

export interface Database {
  leads: LeadsTable;
  call_notifications: CallNotificationsTable;
  call_transcript_lines: CallTranscriptLinesTable;
  call_fields: CallFieldsTable;
  outbox: OutboxTable;
  visits: VisitsTable;
  visit_days: VisitDaysTable;
  visit_day_counts: VisitDayCountsTable;
  visit_day_places: VisitDayPlacesTable;
  sessions: SessionsTable;
  lead_volume: LeadVolumeTable;
  consents: ConsentsTable;
  consent_revocations: ConsentRevocationsTable;
  do_not_contact: DoNotContactTable;
  phone_cooldowns: PhoneCooldownsTable;
  lead_search_terms: LeadSearchTermsTable;
  privacy_requests: PrivacyRequestsTable;
}

// Its own module so that the database factory and the migrator, which the factory re-exports, share it without
// importing each other.
export type DB = Kysely<Database>;
