import type { Kysely, Selectable } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Database } from '#db/schema.ts';
import { dayOf, rebuildRollupDays } from '#server/analytics/visit-rollup.ts';
import { revokedDeliveryId } from '#server/consent/consent-store.ts';
import { flushErasure, recordErasure } from '#server/leads/erasure-ledger.ts';
import type { PrivacySubject } from '#shared/privacy-request-schema.ts';
import type { MatchedBy, PrivacyAction, PrivacyAuditEntry, RecordCounts } from '#shared/privacy-requests.ts';

type Row<T extends keyof Database> = Selectable<Database[T]>;

/** Every record of one person: their leads (by phone or e-mail) and what hangs on them. */
export interface PersonRecords {
  matchedBy: MatchedBy;
  leads: Row<'leads'>[];
  consents: Row<'consents'>[];
  /** Consent taken back (docs/product-rules.md#consent); the do-not-contact list keeps no one's number. */
  revocations: Row<'consent_revocations'>[];
  calls: Row<'call_notifications'>[];
  /** What was said on their calls (final lines) and what the assistant learned: counted with the calls. */
  transcripts: Row<'call_transcript_lines'>[];
  callFields: Row<'call_fields'>[];
  /** Their leads' webhook payloads, and their calls' placements with the call provider. */
  deliveries: Row<'outbox'>[];
  /** Visits of the browsers their leads were sent from, by visitor id (docs/product-rules.md#privacy-requests). */
  visits: Row<'visits'>[];
  cooldowns: Row<'phone_cooldowns'>[];
}

export function countsOf(records: PersonRecords): RecordCounts {
  return {
    leads: records.leads.length,
    consents: records.consents.length,
    calls: records.calls.length,
    deliveries: records.deliveries.length,
    visits: records.visits.length,
    cooldowns: records.cooldowns.length,
  };
}

const unique = <T>(values: (T | null)[]): T[] => [...new Set(values.filter((value): value is T => value !== null))];

/** Reads every record of the person `subject` names, in `db` or in a transaction. */
async function recordsOf(db: Kysely<Database>, subject: PrivacySubject): Promise<PersonRecords> {
  const matchedBy: MatchedBy = subject.phone !== undefined ? 'phone' : 'email';
  const leads = await db
    .selectFrom('leads')
    .selectAll()
    .where((eb) =>
      subject.phone !== undefined
        ? eb('phone', '=', subject.phone)
        : // The same expression as the leads_email index, so the address is found whatever its letter case.
          eb(eb.fn('lower', ['email']), '=', subject.email ?? ''),
    )
    .orderBy('created_at', 'desc')
    .execute();
  const ids = leads.map((lead) => lead.id);
  const consents =
    ids.length === 0 ? [] : await db.selectFrom('consents').selectAll().where('lead_id', 'in', ids).execute();
  const revocations =
    ids.length === 0
      ? []
      : await db.selectFrom('consent_revocations').selectAll().where('lead_id', 'in', ids).execute();
  const calls =
    ids.length === 0 ? [] : await db.selectFrom('call_notifications').selectAll().where('lead_id', 'in', ids).execute();
  const { transcripts, callFields, placements } = await callRecordsOf(
    db,
    calls.map((call) => call.id),
  );
  // The lead's payload, and the revocation's, which names the number and address too.
  const deliveryIds = [...ids, ...ids.map(revokedDeliveryId)];
  const deliveries =
    ids.length === 0 ? [] : await db.selectFrom('outbox').selectAll().where('delivery_id', 'in', deliveryIds).execute();
  // Only the browser's own id ties a visit to the person, never the address: an office or a carrier puts many
  // people behind one (docs/product-rules.md#privacy-requests).
  const visitorIds = unique(leads.map((lead) => lead.visitor_id));
  const visits =
    visitorIds.length === 0
      ? []
      : await db
          .selectFrom('visits')
          .selectAll()
          .where('visitor_id', 'in', visitorIds)
          .orderBy('timestamp')
          .orderBy('id')
          .execute();
  const phones = unique([subject.phone ?? null, ...leads.map((lead) => lead.phone)]);
  const cooldowns =
    phones.length === 0
      ? []
      : await db.selectFrom('phone_cooldowns').selectAll().where('phone', 'in', phones).execute();
  return {
    matchedBy,
    leads,
    consents,
    revocations,
    calls,
    transcripts,
    callFields,
    deliveries: [...deliveries, ...placements],
    visits,
    cooldowns,
  };
}

/** What hangs on calls: their transcripts, fields, and placements (an outbox row by the call's id). */
async function callRecordsOf(db: Kysely<Database>, callIds: string[]) {
  if (callIds.length === 0) return { transcripts: [], callFields: [], placements: [] };
  const transcripts = await db
    .selectFrom('call_transcript_lines')
    .selectAll()
    .where('call_id', 'in', callIds)
    .orderBy('call_id')
    .orderBy('id')
    .execute();
  const callFields = await db.selectFrom('call_fields').selectAll().where('call_id', 'in', callIds).execute();
  const placements = await db.selectFrom('outbox').selectAll().where('delivery_id', 'in', callIds).execute();
  return { transcripts, callFields, placements };
}

async function audit(
  db: Kysely<Database>,
  action: PrivacyAction,
  matchedBy: MatchedBy,
  counts: RecordCounts,
  now: Date,
): Promise<void> {
  await db
    .insertInto('privacy_requests')
    .values({ action, matched_by: matchedBy, ...counts, created_at: now.toISOString() })
    .execute();
}

/** Privacy requests about one person: find, export and erase their records, each request audited. */
export function privacyStore(db: DB) {
  return {
    find(subject: PrivacySubject): Promise<PersonRecords> {
      return recordsOf(db, subject);
    },

    /** Everything stored about the person, and an audit entry that says an export was made (and of what). */
    exportRecords(subject: PrivacySubject, now: Date): Promise<PersonRecords> {
      return db.transaction().execute(async (trx) => {
        const records = await recordsOf(trx, subject);
        await audit(trx, 'export', records.matchedBy, countsOf(records), now);
        return records;
      });
    },

    /**
     * Deletes every record of the person in one transaction: their visits (with the analytics rollups of those
     * days rebuilt, as retention does), deliveries, leads with their consents, calls and search terms, and
     * their numbers' cooldowns; then audits the erasure. Returns what went. The person is first added to the
     * erasure ledger, so that a restore erases them again, and the WAL is checkpointed after, so that the file
     * alone holds the result (server/leads/erasure-ledger.ts).
     */
    async erase(subject: PrivacySubject, now: Date): Promise<PersonRecords> {
      await recordErasure(db, subject);
      const erased = await db.transaction().execute(async (trx) => {
        const records = await recordsOf(trx, subject);
        if (records.visits.length > 0) {
          const visitorIds = unique(records.visits.map((visit) => visit.visitor_id));
          await trx.deleteFrom('visits').where('visitor_id', 'in', visitorIds).execute();
          await rebuildRollupDays(
            trx,
            records.visits.map((visit) => dayOf(visit.timestamp)),
          );
        }
        // A call's placement goes by the call's id (server/calls/call-placement.ts).
        const callIds = records.calls.map((call) => call.id);
        if (callIds.length > 0) await trx.deleteFrom('outbox').where('delivery_id', 'in', callIds).execute();
        const ids = records.leads.map((lead) => lead.id);
        if (ids.length > 0) {
          await trx
            .deleteFrom('outbox')
            .where('delivery_id', 'in', [...ids, ...ids.map(revokedDeliveryId)])
            .execute();
          // Consents, revocations, calls and search terms go with their lead (ON DELETE CASCADE). The
          // do-not-contact list stays: keyed hashes only, it is what keeps the site from calling them again.
          await trx.deleteFrom('leads').where('id', 'in', ids).execute();
        }
        const phones = records.cooldowns.map((cooldown) => cooldown.phone);
        if (phones.length > 0) await trx.deleteFrom('phone_cooldowns').where('phone', 'in', phones).execute();
        await audit(trx, 'erase', records.matchedBy, countsOf(records), now);
        return records;
      });
      await flushErasure(db);
      return erased;
    },

    /** The newest audit entries. */
    async auditTrail(limit: number): Promise<PrivacyAuditEntry[]> {
      const rows = await db.selectFrom('privacy_requests').selectAll().orderBy('id', 'desc').limit(limit).execute();
      return rows.map((row) => ({
        id: row.id,
        action: row.action,
        matchedBy: row.matched_by,
        counts: {
          leads: row.leads,
          consents: row.consents,
          calls: row.calls,
          deliveries: row.deliveries,
          visits: row.visits,
          cooldowns: row.cooldowns,
        },
        at: row.created_at,
      }));
    },
  };
}

export type PrivacyStore = ReturnType<typeof privacyStore>;
