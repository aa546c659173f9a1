import type { DB } from '#db/database.ts';
import { cooldownOverAt } from './lead-store.ts';

const DAY_MS = 86_400_000;

/**
 * Retention of leads (LEADS_RETENTION_DAYS): a lead captured before the cutoff goes with its consent record,
 * call with its transcript and fields, search terms (ON DELETE CASCADE), webhook payload and call placement. A number's cooldown goes once its 6 hours are
 * over: it is personal data that serves nothing after. Returns how many of each.
 */
export async function pruneLeads(db: DB, now: Date, retentionDays: number) {
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    const old = trx.selectFrom('leads').select('id').where('created_at', '<', cutoff);
    // A payload is queued with its lead at the same instant; the lead's id catches any that was not.
    await trx
      .deleteFrom('outbox')
      .where((eb) => eb.or([eb('created_at', '<', cutoff), eb('delivery_id', 'in', old)]))
      .execute();
    const leads = await trx.deleteFrom('leads').where('created_at', '<', cutoff).executeTakeFirst();
    const cooldowns = await trx
      .deleteFrom('phone_cooldowns')
      .where('last_requested_at', '<=', cooldownOverAt(now))
      .executeTakeFirst();
    return { leads: Number(leads.numDeletedRows), cooldowns: Number(cooldowns.numDeletedRows) };
  });
}
