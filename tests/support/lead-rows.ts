import type { DB } from '#db/database.ts';
import { leadStore } from '#server/leads/lead-store.ts';

const AT = new Date('2026-03-02T18:00:00.000Z');

/** One contact lead as the API stores it (lead, consent evidence and webhook payload in one transaction). */
export async function saveLead(db: DB, id: string): Promise<void> {
  await leadStore(db).save(
    {
      lead: {
        id,
        kind: 'contact',
        full_name: 'Jane Doe',
        first_name: 'Jane',
        last_name: 'Doe',
        company_name: 'Doe Realty',
        phone: '2108675309',
        email: `${id}@example.com`,
        consent: 1,
        scheduled: 0,
        source_tag: 'website',
        created_at: AT.toISOString(),
      },
      consent: {
        id: `consent-${id}`,
        lead_id: id,
        consent_text_version: 'test',
        consent_text: 'I agree to be contacted.',
        created_at: AT.toISOString(),
      },
      outbox: { topic: 'lead.contact', payload: { id } },
    },
    AT,
  );
}

/** The lead ids in a database, sorted. */
export async function leadIds(db: DB): Promise<string[]> {
  const rows = await db.selectFrom('leads').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}
