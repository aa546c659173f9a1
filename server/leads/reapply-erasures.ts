import type { DB } from '#db/database.ts';
import type { PrivacySubject } from '#shared/privacy-request-schema.ts';
import { ledgerOf } from './erasure-ledger.ts';
import type { PrivacyStore } from './privacy-store.ts';

export interface ReappliedErasures {
  /** Erasures in the ledger. */
  recorded: number;
  /** Phone numbers and e-mail addresses of the backup that the ledger names: each erased again. */
  found: number;
  /** Their leads that went. */
  leads: number;
}

/**
 * Erases again everyone the ledger beside the database names (a restored backup predates their erasure), with
 * the same erasure as the lead inbox's (`privacy`, over the same database), audited as one. Undefined when the database has no ledger (PostgreSQL).
 * Throws ErasureLedgerError when the ledger cannot be read against anyone.
 */
export async function reapplyErasures(
  db: DB,
  privacy: Pick<PrivacyStore, 'erase'>,
  now: Date,
): Promise<ReappliedErasures | undefined> {
  const ledger = await ledgerOf(db);
  if (!ledger) return undefined;
  const erasures = ledger.load();
  if (erasures.count === 0) return { recorded: 0, found: 0, leads: 0 };

  const subjects = new Map<string, PrivacySubject>();
  const leads = await db.selectFrom('leads').select(['phone', 'email']).execute();
  const cooldowns = await db.selectFrom('phone_cooldowns').select('phone').execute();
  for (const phone of [...leads.map((lead) => lead.phone), ...cooldowns.map((cooldown) => cooldown.phone)]) {
    if (erasures.includes({ phone })) subjects.set(`phone ${phone}`, { phone });
  }
  for (const lead of leads) {
    const email = lead.email.trim().toLowerCase();
    if (erasures.includes({ email })) subjects.set(`email ${email}`, { email });
  }

  let erasedLeads = 0;
  for (const subject of subjects.values()) erasedLeads += (await privacy.erase(subject, now)).leads.length;
  return { recorded: erasures.count, found: subjects.size, leads: erasedLeads };
}
