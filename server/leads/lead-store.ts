import type { Insertable, Kysely } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Database } from '#db/schema.ts';
import { isListed, type ListedDigest, unlist } from '#server/consent/do-not-contact.ts';
import { enqueueOutbox, type OutboxMessage } from '#server/outbox/outbox-store.ts';
import { SAME_NUMBER_EVERY_MS } from '#shared/same-number-rule.ts';
import { leadSearchTerms } from '#shared/search-terms.ts';

/** A number's claim made at or before this instant is over (docs/product-rules.md#six-hour-rule). */
export function cooldownOverAt(now: Date): string {
  return new Date(now.getTime() - SAME_NUMBER_EVERY_MS).toISOString();
}

export interface LeadWrite {
  lead: Insertable<Database['leads']>;
  consent: Insertable<Database['consents']>;
  /** Only for an immediate demo call. */
  call?: Insertable<Database['call_notifications']>;
  /** The webhook payload; its delivery id is the lead's id. */
  outbox: Omit<OutboxMessage, 'deliveryId'>;
  /** Claims the number's 6-hour slot first (demo calls only). */
  cooldown?: { phone: string };
  /** The call's placement with a call provider, due not before `notBefore` (server/calls/call-placement.ts). */
  placement?: { message: OutboxMessage; notBefore: Date };
  /** Refused when listed, unless the person opted back in, which lifts the listing (docs/product-rules.md#consent). */
  doNotContact?: { digests: ListedDigest[]; optBackIn: boolean };
}

export type SaveResult =
  | { saved: true }
  | { saved: false; retryAt: Date; doNotContact?: undefined }
  | { saved: false; doNotContact: true };

/**
 * Claims the number for the next 6 hours unless a claim younger than that exists. One statement, made atomic
 * by the primary key: of two concurrent requests, one inserts or updates and the other matches nothing.
 */
async function claimCooldown(db: Kysely<Database>, phone: string, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const claimed = await db
    .insertInto('phone_cooldowns')
    .values({ phone, last_requested_at: at })
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({ last_requested_at: at })
        .where('phone_cooldowns.last_requested_at', '<=', cooldownOverAt(now)),
    )
    .returning('phone')
    .executeTakeFirst();
  return claimed !== undefined;
}

async function cooldownEnd(db: Kysely<Database>, phone: string, now: Date): Promise<Date | undefined> {
  const row = await db
    .selectFrom('phone_cooldowns')
    .select('last_requested_at')
    .where('phone', '=', phone)
    .executeTakeFirst();
  if (!row) return undefined;
  const end = new Date(new Date(row.last_requested_at).getTime() + SAME_NUMBER_EVERY_MS);
  return end > now ? end : undefined;
}

/** Stores what the lead inbox's search finds a new lead by (shared/search-terms.ts), in the lead's transaction. */
export async function addSearchTerms(trx: Kysely<Database>, lead: Insertable<Database['leads']>): Promise<void> {
  const { id, full_name, company_name = null, email, phone } = lead;
  const terms = leadSearchTerms({ full_name, company_name, email, phone });
  await trx
    .insertInto('lead_search_terms')
    .values(terms.map((term) => ({ term, lead_id: id })))
    .execute();
}

/** Data access for the lead forms, as plain functions over the database; the rules are the lead intake's. */
export function leadStore(db: DB) {
  return {
    /** When the number may ask again, if it asked within the last 6 hours. A read-only early answer. */
    cooldownEnd(phone: string, now: Date): Promise<Date | undefined> {
      return cooldownEnd(db, phone, now);
    },

    /** Whether the number or address is on the do-not-contact list. A read-only early answer. */
    listed(digests: ListedDigest[]): Promise<boolean> {
      return isListed(db, digests);
    },

    /** Lead, its search terms, consent, call and webhook payload in one transaction; all or nothing. */
    save(write: LeadWrite, now: Date): Promise<SaveResult> {
      return db.transaction().execute(async (trx): Promise<SaveResult> => {
        // Asked again here: a revocation committed since the early answer wins.
        if (write.doNotContact?.optBackIn) await unlist(trx, write.doNotContact.digests);
        else if (write.doNotContact && (await isListed(trx, write.doNotContact.digests))) {
          return { saved: false, doNotContact: true };
        }
        if (write.cooldown && !(await claimCooldown(trx, write.cooldown.phone, now))) {
          const retryAt =
            (await cooldownEnd(trx, write.cooldown.phone, now)) ?? new Date(now.getTime() + SAME_NUMBER_EVERY_MS);
          return { saved: false, retryAt };
        }
        await trx.insertInto('leads').values(write.lead).execute();
        await addSearchTerms(trx, write.lead);
        await trx.insertInto('consents').values(write.consent).execute();
        if (write.call) await trx.insertInto('call_notifications').values(write.call).execute();
        await enqueueOutbox(trx, { ...write.outbox, deliveryId: write.lead.id }, now);
        if (write.placement) await enqueueOutbox(trx, write.placement.message, now, write.placement.notBefore);
        return { saved: true };
      });
    },
  };
}

export type LeadStore = ReturnType<typeof leadStore>;
