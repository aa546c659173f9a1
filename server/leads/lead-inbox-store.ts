import { type Expression, type SqlBool, sql } from 'kysely';
import type { DB } from '#db/database.ts';
import type { ConsentsTable } from '#db/tables/consents.ts';
import { type OutboxBacklog, outboxBacklog, retryOutbox } from '#server/outbox/outbox-store.ts';
import type { CallOutcome, CallState } from '#shared/call-status-protocol.ts';
import type { LeadCall } from '#shared/lead-call.ts';
import type { DeliveryState, InboxFilters, InboxLead } from '#shared/lead-inbox.ts';
import { searchLookup } from '#shared/search-terms.ts';
import type { InboxCursor } from './inbox-cursor.ts';
import { leadCallOf } from './lead-call-store.ts';
import { LEAD_TOPICS } from './lead-payloads.ts';

// The operators' view of every captured lead (docs/decisions/0002-operator-role.md), newest first, with its consent,
// call and delivery. Every view reads one page along an index (db/migrations/0006-lead-inbox.ts): by capture
// time, by kind or source tag and time, or, filtered by delivery state, along the outbox's (state, time) index;
// a search looks its words up in lead_search_terms (shared/search-terms.ts). `npm run bench:inbox` measures it
// at 100,000 leads.

const DAY_MS = 86_400_000;

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** The first text after every text that starts with `prefix`: its last character moved one code point on. */
function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop() ?? '';
  return chars.join('') + String.fromCodePoint((last.codePointAt(0) ?? 0) + 1);
}

/** The leads with this term, or with a term starting with this prefix: one range of the terms' index. */
function termMatches(db: DB, match: { exact: string } | { prefix: string }) {
  const terms = db.selectFrom('lead_search_terms').select('lead_id');
  return 'exact' in match
    ? terms.where('term', '=', match.exact)
    : terms.where('term', '>=', match.prefix).where('term', '<', prefixEnd(match.prefix));
}

/** Past this many leads a search word matches, a page is read in order rather than by looking each match up. */
const BROAD_SEARCH = 1_000;

/** True when even the search's rarest word starts the terms of more than BROAD_SEARCH leads. */
async function isBroadSearch(db: DB, q: string | undefined): Promise<boolean> {
  if (!q) return false;
  const lookup = searchLookup(q);
  if (!('prefixes' in lookup) || lookup.prefixes.length === 0) return false;
  for (const prefix of lookup.prefixes) {
    // Counting stops at the threshold: a broad word costs no more than a narrow one.
    const row = await db
      .selectFrom(
        termMatches(db, { prefix })
          .limit(BROAD_SEARCH + 1)
          .as('t'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) <= BROAD_SEARCH) return false;
  }
  return true;
}

/**
 * The filters as conditions on `l` (leads) and, when filtering by delivery state, `o` (outbox). Filtered by
 * state, the outbox row's capture time (the same instant as the lead's: one transaction writes both) is the
 * sort key, so the page is read along the outbox index.
 */
function conditions(db: DB, filters: InboxFilters, broad = false): Expression<SqlBool>[] {
  const at = filters.state ? sql.ref('o.created_at') : sql.ref('l.created_at');
  const where: Expression<SqlBool>[] = [];
  if (filters.state) where.push(sql<SqlBool>`o.state = ${filters.state}`);
  if (filters.kind) where.push(sql<SqlBool>`l.kind = ${filters.kind}`);
  if (filters.source) where.push(sql<SqlBool>`l.source_tag = ${filters.source}`);
  if (filters.consent) {
    const revoked = sql<SqlBool>`l.id in (select lead_id from consent_revocations)`;
    where.push(filters.consent === 'revoked' ? revoked : sql<SqlBool>`not ${revoked}`);
  }
  // Days are UTC: a day as text sorts before every instant of that day.
  if (filters.from) where.push(sql<SqlBool>`${at} >= ${filters.from}`);
  if (filters.to) where.push(sql<SqlBool>`${at} < ${nextDay(filters.to)}`);
  if (filters.q) {
    const lookup = searchLookup(filters.q);
    // A narrow search reads its few leads by id and sorts them; a broad one reads leads in order and keeps those
    // found, which stops after a page (`|| ''` keeps the database from looking every match up by id instead).
    const id = broad ? sql`(l.id || '')` : sql.ref('l.id');
    if ('exact' in lookup) {
      where.push(sql<SqlBool>`${id} in (${termMatches(db, { exact: lookup.exact })})`);
    } else if (lookup.prefixes.length === 0) {
      where.push(sql<SqlBool>`0 = 1`);
    } else {
      // Every word must start a term of the lead.
      for (const prefix of lookup.prefixes) {
        where.push(sql<SqlBool>`${id} in (${termMatches(db, { prefix })})`);
      }
    }
  }
  return where;
}

/** A page of the leads matching `filters` after `after`, newest first, each with its delivery (not yet its consent and call). */
export function inboxPageQuery(
  db: DB,
  filters: InboxFilters,
  after: InboxCursor | undefined,
  limit: number,
  broad = false,
) {
  const byState = filters.state !== undefined;
  const [sortAt, sortId] = byState ? (['o.created_at', 'o.delivery_id'] as const) : (['l.created_at', 'l.id'] as const);
  let query = db
    .selectFrom('leads as l')
    .leftJoin('outbox as o', 'o.delivery_id', 'l.id')
    .select([
      'l.id',
      'l.created_at',
      'l.kind',
      'l.full_name',
      'l.first_name',
      'l.last_name',
      'l.company_name',
      'l.phone',
      'l.email',
      'l.source_tag',
      'l.calendar_link',
      'l.timezone',
      'l.scheduled',
      'o.state',
      'o.attempts',
      'o.last_error',
      'o.next_attempt_at',
      'o.delivered_at',
      'o.given_up_at',
      `${sortAt} as sort_at`,
      `${sortId} as sort_id`,
    ]);
  for (const condition of conditions(db, filters, broad)) query = query.where(condition);
  if (after) {
    query = query.where((eb) => eb(eb.refTuple(sortAt, sortId), '<', eb.tuple(after.createdAt, after.id)));
  }
  return query.orderBy(sortAt, 'desc').orderBy(sortId, 'desc').limit(limit);
}

export type LeadRow = Awaited<ReturnType<ReturnType<typeof inboxPageQuery>['execute']>>[number];

/** A lead's consent evidence as the inbox shows it (every column of the consent record but its id). */
export type ConsentRow = Omit<ConsentsTable, 'id' | 'receipt_hash' | 'renewal_text'>;

export interface CallRow {
  lead_id: string;
  status: string;
  state: CallState;
  outcome: CallOutcome | null;
  duration_seconds: number | null;
  updated_at: string;
  ended_reason: string | null;
}

/** A page of leads with their consent and call, each looked up by lead id for this page only. */
export interface LeadBatch {
  rows: LeadRow[];
  consents: Map<string, ConsentRow>;
  /** When and how a lead's consent was taken back. */
  revocations: Map<string, { created_at: string; via: 'receipt' | 'form' }>;
  calls: Map<string, CallRow>;
  /** Where the page after this one starts; undefined on the last. */
  next: InboxCursor | undefined;
}

export function toInboxLead(row: LeadRow, batch: LeadBatch): InboxLead {
  const consent = batch.consents.get(row.id);
  const revocation = batch.revocations.get(row.id);
  const call = batch.calls.get(row.id);
  return {
    id: row.id,
    createdAt: row.created_at,
    kind: row.kind,
    fullName: row.full_name,
    companyName: row.company_name,
    phone: row.phone,
    email: row.email,
    sourceTag: row.source_tag,
    calendarLink: row.calendar_link,
    timezone: row.timezone,
    scheduled: row.scheduled === 1,
    call: call
      ? {
          status: call.status,
          state: call.state,
          outcome: call.outcome,
          durationSeconds: call.duration_seconds,
          updatedAt: call.updated_at,
          endedReason: call.ended_reason,
        }
      : null,
    consent: consent
      ? {
          version: consent.consent_text_version,
          givenAt: consent.created_at,
          ipAddress: consent.ip_address,
          userAgent: consent.user_agent,
          revokedAt: revocation?.created_at ?? null,
          revokedVia: revocation?.via ?? null,
        }
      : null,
    delivery:
      row.state === null
        ? null
        : {
            state: row.state,
            attempts: row.attempts ?? 0,
            lastError: row.last_error,
            nextAttemptAt: row.next_attempt_at ?? row.created_at,
            deliveredAt: row.delivered_at,
            givenUpAt: row.given_up_at,
          },
  };
}

export function leadInboxStore(db: DB) {
  async function batch(filters: InboxFilters, after: InboxCursor | undefined, limit: number): Promise<LeadBatch> {
    // One more than asked tells whether another page follows.
    const broad = await isBroadSearch(db, filters.q);
    const found = await inboxPageQuery(db, filters, after, limit + 1, broad).execute();
    const rows = found.slice(0, limit);
    const last = rows.at(-1);
    const next =
      found.length > limit && last
        ? { createdAt: last.sort_at ?? last.created_at, id: last.sort_id ?? last.id }
        : undefined;
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return { rows, consents: new Map(), revocations: new Map(), calls: new Map(), next };
    const consents = await db
      .selectFrom('consents')
      .select(['lead_id', 'consent_text_version', 'consent_text', 'ip_address', 'user_agent', 'created_at'])
      .where('lead_id', 'in', ids)
      .orderBy('created_at')
      .execute();
    const revocations = await db
      .selectFrom('consent_revocations')
      .select(['lead_id', 'created_at', 'via'])
      .where('lead_id', 'in', ids)
      .execute();
    const calls = await db
      .selectFrom('call_notifications')
      .select(['lead_id', 'status', 'state', 'outcome', 'duration_seconds', 'updated_at', 'ended_reason'])
      .where('lead_id', 'in', ids)
      .orderBy('created_at')
      .execute();
    return {
      rows,
      // The first consent and the latest call of each lead (one of each is all a lead gets).
      consents: new Map(consents.toReversed().map((row) => [row.lead_id, row])),
      revocations: new Map(revocations.map((row) => [row.lead_id, row])),
      calls: new Map(calls.map((row) => [row.lead_id, row])),
      next,
    };
  }

  return {
    batch,

    /** Leads matching `filters`; joins the outbox only to filter by delivery state. */
    async count(filters: InboxFilters): Promise<number> {
      let query = db
        .selectFrom('leads as l')
        .$if(filters.state !== undefined, (qb) => qb.innerJoin('outbox as o', 'o.delivery_id', 'l.id'));
      for (const condition of conditions(db, filters)) query = query.where(condition);
      const row = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Every matching lead, a batch at a time, newest first: the export reads them so, never all at once. */
    async *batches(filters: InboxFilters, size: number): AsyncGenerator<LeadBatch> {
      let after: InboxCursor | undefined;
      do {
        const page = await batch(filters, after, size);
        if (page.rows.length > 0) yield page;
        after = page.next;
      } while (after);
    },

    /** Leads the site captured in [from, to), ISO-8601 UTC (the client dashboard's month). */
    async capturedBetween(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('leads')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The lead's delivery state; undefined when no such lead exists, a null state when it has no delivery. */
    async deliveryOf(id: string): Promise<{ state: DeliveryState | null } | undefined> {
      return db
        .selectFrom('leads as l')
        .leftJoin('outbox as o', 'o.delivery_id', 'l.id')
        .select('o.state')
        .where('l.id', '=', id)
        .executeTakeFirst();
    },

    /** The lead's call in full, transcript included, for the lead the operator opens (lead-call-store.ts). */
    callOf(leadId: string): Promise<LeadCall | null | undefined> {
      return leadCallOf(db, leadId);
    },

    /** Makes one lead's delivery, or every given-up one, due now (server/outbox/outbox-store.ts). */
    retry(which: { deliveryId: string } | 'given-up', now: Date): Promise<number> {
      return retryOutbox(db, which, now, LEAD_TOPICS);
    },

    /** Undelivered leads by state, and the oldest one's capture time (server/outbox/outbox-store.ts). */
    undelivered(): Promise<OutboxBacklog> {
      return outboxBacklog(db, LEAD_TOPICS);
    },
  };
}

export type LeadInboxStore = ReturnType<typeof leadInboxStore>;
