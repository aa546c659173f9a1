import type { Insertable } from 'kysely';
import type { DB } from '#db/database.ts';
import type { VisitsTable } from '#db/tables/visits.ts';
import { addToRollup, pruneRollup } from '#server/analytics/visit-rollup.ts';

export type NewVisit = Insertable<VisitsTable>;

const DAY_MS = 86_400_000;

/** Stored visits (docs/product-rules.md#visits), with the analytics rollups kept in the same transaction. */
export function visitStore(db: DB) {
  return {
    async add(visit: NewVisit): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await addToRollup(trx, visit);
        await trx.insertInto('visits').values(visit).execute();
      });
    },

    prune: (now: Date, retentionDays: number) => pruneVisits(db, now, retentionDays),
  };
}

/** Retention: deletes visits older than `retentionDays` before `now`; returns how many. */
export function pruneVisits(db: DB, now: Date, retentionDays: number): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('visits').where('timestamp', '<', cutoff).executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    if (deleted > 0) await pruneRollup(trx, cutoff);
    return deleted;
  });
}

export type VisitStore = ReturnType<typeof visitStore>;
