import type { Insertable } from 'kysely';
import type { DB } from '#db/database.ts';
import type { VisitsTable } from '#db/tables/visits.ts';

export type NewVisit = Insertable<VisitsTable>;

const DAY_MS = 86_400_000;

/** Stored visits (SPEC §3 "Visitor tracking record"). */
export function visitStore(db: DB) {
  return {
    async add(visit: NewVisit): Promise<void> {
      await db.insertInto('visits').values(visit).execute();
    },

    /** Retention: deletes visits older than `retentionDays` before `now`; returns how many. */
    async prune(now: Date, retentionDays: number): Promise<number> {
      const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
      const result = await db.deleteFrom('visits').where('timestamp', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type VisitStore = ReturnType<typeof visitStore>;
