import crypto from 'node:crypto';
import type { Insertable } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Database } from '#db/schema.ts';
import type { CallStatus } from '#db/tables/call-notifications.ts';
import type { DeliveryState } from '#shared/lead-inbox.ts';
import { leadSearchTerms } from '#shared/search-terms.ts';

/** A lead as a test wants it stored; everything but its capture time has a plain default. */
export interface SeedLead {
  createdAt: string;
  id?: string;
  kind?: 'demo' | 'contact';
  fullName?: string;
  companyName?: string | null;
  phone?: string;
  email?: string;
  sourceTag?: string;
  scheduled?: boolean;
  ipAddress?: string | null;
  userAgent?: string | null;
  call?: CallStatus;
  state?: DeliveryState;
  attempts?: number;
  lastError?: string | null;
  deliveredAt?: string | null;
  givenUpAt?: string | null;
}

/**
 * Stores leads directly, each with its consent record, outbox row and (when asked) call, as the lead forms
 * would, so a test can set times and delivery states the forms cannot reach quickly. Returns their ids.
 */
export async function seedLeads(db: DB, leads: SeedLead[]): Promise<string[]> {
  const ids: string[] = [];
  // Collected, then written a few hundred rows per statement: one statement per row is slow on a networked
  // database (PostgreSQL), and the order of the rows (the outbox's ids) stays the order of `leads`.
  const rows = {
    leads: [] as Insertable<Database['leads']>[],
    lead_search_terms: [] as Insertable<Database['lead_search_terms']>[],
    consents: [] as Insertable<Database['consents']>[],
    call_notifications: [] as Insertable<Database['call_notifications']>[],
    outbox: [] as Insertable<Database['outbox']>[],
  };
  for (const lead of leads) {
    const id = lead.id ?? crypto.randomUUID();
    ids.push(id);
    const kind = lead.kind ?? 'demo';
    const fullName = lead.fullName ?? 'Jane Doe';
    const [first = '', ...rest] = fullName.split(' ');
    const evidence = {
      ip_address: lead.ipAddress === undefined ? '203.0.113.9' : lead.ipAddress,
      user_agent: lead.userAgent === undefined ? 'Mozilla/5.0 (test)' : lead.userAgent,
    };
    const row = {
      id,
      kind,
      full_name: fullName,
      first_name: kind === 'contact' ? first : null,
      last_name: kind === 'contact' ? rest.join(' ') : null,
      company_name: lead.companyName === undefined ? (kind === 'contact' ? 'Doe Homes' : null) : lead.companyName,
      phone: lead.phone ?? '2105550100',
      email: lead.email ?? 'jane@example.com',
      consent: 1,
      timezone: 'America/Chicago',
      scheduled: lead.scheduled ? 1 : 0,
      source_tag: lead.sourceTag ?? 'website',
      calendar_link: `https://cal.com/porchlight/${lead.sourceTag === 'agent-isa' ? 'agent-isa' : 'demo-call'}`,
      ...evidence,
      created_at: lead.createdAt,
    };
    rows.leads.push(row);
    for (const term of leadSearchTerms(row)) rows.lead_search_terms.push({ term, lead_id: id });
    rows.consents.push({
      id: crypto.randomUUID(),
      lead_id: id,
      consent_text_version: kind === 'demo' ? 'demo-call-2026-01' : 'contact-notice-2026-01',
      consent_text: `I agree (${kind}).`,
      ...evidence,
      created_at: lead.createdAt,
    });
    if (lead.call) {
      rows.call_notifications.push({
        id: crypto.randomUUID(),
        lead_id: id,
        phone_number: `+1${lead.phone ?? '2105550100'}`,
        status: lead.call,
        created_at: lead.createdAt,
        updated_at: lead.createdAt,
      });
    }
    const state = lead.state ?? 'queued';
    rows.outbox.push({
      topic: kind === 'demo' ? 'lead.demo-call' : 'lead.contact',
      delivery_id: id,
      payload: JSON.stringify({ leadId: id, email: lead.email ?? 'jane@example.com' }),
      attempts: lead.attempts ?? (state === 'queued' ? 0 : 1),
      next_attempt_at: lead.createdAt,
      created_at: lead.createdAt,
      state,
      last_error: lead.lastError ?? (state === 'retrying' || state === 'given_up' ? 'webhook answered 503' : null),
      delivered_at: lead.deliveredAt ?? (state === 'delivered' ? lead.createdAt : null),
      given_up_at: lead.givenUpAt ?? (state === 'given_up' ? lead.createdAt : null),
    });
  }
  await db.transaction().execute(async (trx) => {
    for (const table of ['leads', 'lead_search_terms', 'consents', 'call_notifications', 'outbox'] as const) {
      const all: object[] = rows[table];
      for (let i = 0; i < all.length; i += 200) {
        await trx
          .insertInto(table)
          .values(all.slice(i, i + 200) as never)
          .execute();
      }
    }
  });
  return ids;
}

/** `count` leads one minute apart, the first at `from`, numbered in their names and e-mail addresses. */
export function minuteApart(count: number, from: string, lead: Omit<SeedLead, 'createdAt'> = {}): SeedLead[] {
  return Array.from({ length: count }, (_, i) => ({
    fullName: `Lead Number${i + 1}`,
    email: `lead${i + 1}@example.com`,
    phone: `210555${String(i).padStart(4, '0')}`,
    ...lead,
    createdAt: new Date(Date.parse(from) + i * 60_000).toISOString(),
  }));
}

/**
 * Many plain leads at once (multi-row inserts), one second apart from `from`, each with a consent record of
 * `consentText` and a queued delivery; for tests that need volume rather than variety. No search terms.
 */
export async function bulkLeads(db: DB, count: number, from: string, consentText: string): Promise<void> {
  const CHUNK = 500;
  for (let start = 0; start < count; start += CHUNK) {
    const rows = Array.from({ length: Math.min(CHUNK, count - start) }, (_, i) => {
      const n = start + i;
      return {
        id: `bulk-${String(n).padStart(6, '0')}`,
        at: new Date(Date.parse(from) + n * 1000).toISOString(),
        n,
      };
    });
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('leads')
        .values(
          rows.map(({ id, at, n }) => ({
            id,
            kind: 'demo' as const,
            full_name: `Bulk Lead ${n}`,
            phone: `210${String(n).padStart(7, '0')}`,
            email: `bulk${n}@example.com`,
            consent: 1,
            scheduled: 0,
            source_tag: 'website',
            created_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto('consents')
        .values(
          rows.map(({ id, at }) => ({
            id: `consent-${id}`,
            lead_id: id,
            consent_text_version: 'demo-call-2026-01',
            consent_text: consentText,
            created_at: at,
          })),
        )
        .execute();
      await trx
        .insertInto('outbox')
        .values(
          rows.map(({ id, at }) => ({
            topic: 'lead.demo-call',
            delivery_id: id,
            payload: '{}',
            next_attempt_at: at,
            created_at: at,
          })),
        )
        .execute();
    });
  }
}
