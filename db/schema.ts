import type { CallNotificationsTable } from './tables/call-notifications.ts';
import type { ConsentsTable } from './tables/consents.ts';
import type { LeadSearchTermsTable } from './tables/lead-search-terms.ts';
import type { LeadVolumeTable } from './tables/lead-volume.ts';
import type { LeadsTable } from './tables/leads.ts';
import type { OutboxTable } from './tables/outbox.ts';
import type { PhoneCooldownsTable } from './tables/phone-cooldowns.ts';
import type { PrivacyRequestsTable } from './tables/privacy-requests.ts';
import type { SessionsTable } from './tables/sessions.ts';
import type { VisitDayCountsTable, VisitDayPlacesTable, VisitDaysTable } from './tables/visit-rollups.ts';
import type { VisitsTable } from './tables/visits.ts';

export interface Database {
  leads: LeadsTable;
  call_notifications: CallNotificationsTable;
  outbox: OutboxTable;
  visits: VisitsTable;
  visit_days: VisitDaysTable;
  visit_day_counts: VisitDayCountsTable;
  visit_day_places: VisitDayPlacesTable;
  sessions: SessionsTable;
  lead_volume: LeadVolumeTable;
  consents: ConsentsTable;
  phone_cooldowns: PhoneCooldownsTable;
  lead_search_terms: LeadSearchTermsTable;
  privacy_requests: PrivacyRequestsTable;
}
