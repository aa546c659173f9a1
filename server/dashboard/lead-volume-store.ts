import type { DB } from '#db/database.ts';

export interface ReportedLead {
  externalId: string;
  /** ISO-8601 UTC. */
  receivedAt: string;
}

/** Leads the automation reports for the client dashboard (docs/product-rules.md#operator-roles). */
export function leadVolumeStore(db: DB) {
  return {
    /** Idempotent by external id: a lead reported twice is counted once. */
    async ingest(leads: ReportedLead[]): Promise<{ inserted: number; duplicate: number }> {
      if (leads.length === 0) return { inserted: 0, duplicate: 0 };
      const result = await db
        .insertInto('lead_volume')
        .values(leads.map((lead) => ({ external_id: lead.externalId, received_at: lead.receivedAt })))
        .onConflict((conflict) => conflict.column('external_id').doNothing())
        .executeTakeFirst();
      const inserted = Number(result.numInsertedOrUpdatedRows ?? 0);
      return { inserted, duplicate: leads.length - inserted };
    },

    /** Leads received in [from, to), both ISO-8601 UTC. */
    async countBetween(from: string, to: string): Promise<number> {
      const row = await db
        .selectFrom('lead_volume')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('received_at', '>=', from)
        .where('received_at', '<', to)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}

export type LeadVolumeStore = ReturnType<typeof leadVolumeStore>;

/** The calendar month of `now` in UTC: bounds as ISO text, month 1-12. */
export function utcMonthOf(now: Date) {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  return {
    year,
    month: month + 1,
    from: new Date(Date.UTC(year, month, 1)).toISOString(),
    to: new Date(Date.UTC(year, month + 1, 1)).toISOString(),
  };
}
