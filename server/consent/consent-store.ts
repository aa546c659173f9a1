import type { Kysely } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Database } from '#db/schema.ts';
import type { ConsentRevocationsTable } from '#db/tables/consents.ts';
import { type CallEvents, statusEvent } from '#server/calls/call-events.ts';
import { endCallMessage } from '#server/calls/call-placement.ts';
import { CONSENT_REVOKED_TOPIC, type ConsentRevokedPayload } from '#server/leads/lead-payloads.ts';
import { enqueueOutbox } from '#server/outbox/outbox-store.ts';
import { type ContactIdentity, type DoNotContactKey, list } from './do-not-contact.ts';
import { isReceiptToken, receiptHashOf } from './receipt-token.ts';

// Receipts and revocations (docs/product-rules.md#consent). A revocation, by the receipt's button or by the
// consent policy page's form, is one transaction: the revocation with its evidence, the number and address on
// the do-not-contact list, the lead's payload withdrawn if the automation has not had it yet, and a
// `consent.revoked` payload queued for it. Doing it again finds it done and changes nothing.

/** What a receipt shows. */
export interface Receipt {
  leadId: string;
  kind: 'demo' | 'contact';
  version: string;
  text: string;
  /** The opt-back-in box's words, when this consent lifted a do-not-contact listing. */
  renewalText: string | null;
  givenAt: string;
  phone: string;
  email: string;
  sourceTag: string;
  revocation: { at: string; via: ConsentRevocationsTable['via'] } | undefined;
}

/** Where a revocation came from: the client's address and user agent, kept as evidence. */
export interface RevocationEvidence {
  ipAddress: string | null;
  userAgent: string | null;
}

/** Why a call not yet placed ended (docs/product-rules.md#consent). */
export const CALL_CANCELLED_REASON = 'Consent revoked before the call was placed';

/** A delivery id of its own: the receiver drops a repeat, and the lead's own payload keeps the lead's id. */
export const revokedDeliveryId = (leadId: string) => `revoked:${leadId}`;

interface RevocableLead {
  id: string;
  phone: string;
  email: string;
}

/** Revokes the leads not revoked yet, inside `trx`; returns how many were, and the calls that ended with them. */
async function revokeLeads(
  trx: Kysely<Database>,
  leads: RevocableLead[],
  via: ConsentRevocationsTable['via'],
  evidence: RevocationEvidence,
  key: DoNotContactKey,
  now: Date,
): Promise<{ revoked: number; cancelledCalls: string[] }> {
  const at = now.toISOString();
  let revoked = 0;
  const cancelledCalls: string[] = [];
  for (const lead of leads) {
    const inserted = await trx
      .insertInto('consent_revocations')
      .values({ lead_id: lead.id, via, ip_address: evidence.ipAddress, user_agent: evidence.userAgent, created_at: at })
      .onConflict((oc) => oc.column('lead_id').doNothing())
      .returning('lead_id')
      .executeTakeFirst();
    if (!inserted) continue;
    revoked += 1;
    await list(trx, key.digestsOf({ phone: lead.phone, email: lead.email }), now);
    // A payload the automation has not had (and no worker is sending) is withdrawn: a scheduled call it would
    // have placed is never asked for. One already sent is answered by the event below.
    // So is a call's placement with the call provider (its delivery id is the call's), and a call not yet placed
    // ends there, with the reason the lead inbox shows.
    const calls = trx.selectFrom('call_notifications').select('id').where('lead_id', '=', lead.id);
    await trx
      .deleteFrom('outbox')
      .where((eb) => eb.or([eb('delivery_id', '=', lead.id), eb('delivery_id', 'in', calls)]))
      .where('delivered_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', at)]))
      .execute();
    const cancelled = await trx
      .updateTable('call_notifications')
      .set({
        state: 'ended',
        status: 'failed',
        outcome: 'failed',
        ended_reason: CALL_CANCELLED_REASON,
        updated_at: at,
      })
      .where('lead_id', '=', lead.id)
      .where('state', '=', 'preparing')
      .where('provider_call_id', 'is', null)
      .returning('id')
      .execute();
    cancelledCalls.push(...cancelled.map((call) => call.id));
    // A call the provider is ringing or holding is ended through it (server/calls/call-placement.ts), by the
    // outbox: a provider that cannot be reached now is asked again.
    const live = await trx
      .selectFrom('call_notifications')
      .select('id')
      .where('lead_id', '=', lead.id)
      .where('provider_call_id', 'is not', null)
      .where('state', 'in', ['preparing', 'ringing', 'in-progress'])
      .execute();
    for (const call of live) await enqueueOutbox(trx, endCallMessage(call.id), now);
    await enqueueOutbox(
      trx,
      {
        topic: CONSENT_REVOKED_TOPIC,
        deliveryId: revokedDeliveryId(lead.id),
        payload: {
          type: 'consent.revoked',
          leadId: lead.id,
          phone: lead.phone,
          email: lead.email,
          revokedAt: at,
          via,
        } satisfies ConsentRevokedPayload,
      },
      now,
    );
  }
  return { revoked, cancelledCalls };
}

export interface ConsentStoreDeps {
  db: DB;
  key: DoNotContactKey;
  /** Told after commit that a payload is queued, so the outbox worker sends it at once. */
  onQueued: () => void;
  /** Where a call that a revocation ended is said to have ended: a visitor watching it live sees it end. */
  callEvents: Pick<CallEvents, 'publish'>;
}

export function consentStore({ db, key, onQueued, callEvents }: ConsentStoreDeps) {
  /** After commit: the webhook's payload is sent, and each call that ended is pushed to its room. */
  function revokedAfterCommit({ revoked, cancelledCalls }: { revoked: number; cancelledCalls: string[] }, now: Date) {
    if (revoked > 0) onQueued();
    for (const callId of cancelledCalls) callEvents.publish(statusEvent(callId, 'failed', now));
  }

  async function leadOfToken(trx: Kysely<Database>, token: string) {
    if (!isReceiptToken(token)) return undefined;
    return trx
      .selectFrom('consents')
      .innerJoin('leads', 'leads.id', 'consents.lead_id')
      .leftJoin('consent_revocations', 'consent_revocations.lead_id', 'leads.id')
      .select([
        'leads.id as leadId',
        'leads.kind',
        'leads.phone',
        'leads.email',
        'leads.source_tag as sourceTag',
        'consents.consent_text_version as version',
        'consents.consent_text as text',
        'consents.renewal_text as renewalText',
        'consents.created_at as givenAt',
        'consent_revocations.created_at as revokedAt',
        'consent_revocations.via',
      ])
      .where('consents.receipt_hash', '=', receiptHashOf(token))
      .executeTakeFirst();
  }

  return {
    /** The receipt the token opens; undefined for any other string, however close. */
    async receipt(token: string): Promise<Receipt | undefined> {
      const row = await leadOfToken(db, token);
      if (!row) return undefined;
      const { revokedAt, via, ...rest } = row;
      return { ...rest, revocation: revokedAt && via ? { at: revokedAt, via } : undefined };
    },

    /** Revokes the consent the token opens; false when it opens none. Revoking again is harmless. */
    async revokeByReceipt(token: string, evidence: RevocationEvidence, now: Date): Promise<boolean> {
      const revoked = await db.transaction().execute(async (trx) => {
        const row = await leadOfToken(trx, token);
        if (!row) return undefined;
        return revokeLeads(
          trx,
          [{ id: row.leadId, phone: row.phone, email: row.email }],
          'receipt',
          evidence,
          key,
          now,
        );
      });
      if (revoked) revokedAfterCommit(revoked, now);
      return revoked !== undefined;
    },

    /**
     * The consent policy page's form: the number or address goes on the list whether or not any lead has it,
     * and every lead that has it is revoked. Says nothing of what it found.
     */
    async revokeByIdentity(identity: ContactIdentity, evidence: RevocationEvidence, now: Date): Promise<void> {
      const revoked = await db.transaction().execute(async (trx) => {
        await list(trx, key.digestsOf(identity), now);
        const leads = await trx
          .selectFrom('leads')
          .leftJoin('consent_revocations', 'consent_revocations.lead_id', 'leads.id')
          .select(['leads.id', 'leads.phone', 'leads.email'])
          .where('consent_revocations.lead_id', 'is', null)
          .where((eb) =>
            identity.phone !== undefined
              ? eb('leads.phone', '=', identity.phone)
              : // The same expression as the leads_email index, so the address is found whatever its letter case.
                eb(eb.fn('lower', ['leads.email']), '=', (identity.email ?? '').trim().toLowerCase()),
          )
          .execute();
        return revokeLeads(trx, leads, 'form', evidence, key, now);
      });
      revokedAfterCommit(revoked, now);
    },
  };
}

export type ConsentStore = ReturnType<typeof consentStore>;
