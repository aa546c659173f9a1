import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#db/schema.ts';
import type { DoNotContactTable } from '#db/tables/consents.ts';

// The do-not-contact list (docs/product-rules.md#consent): what a revocation puts there, what a new lead is
// checked against. Stored as HMAC-SHA256 digests: a 10-digit number's plain hash is found again in minutes, a
// keyed one not without the key, which lives outside the database.

export interface ContactIdentity {
  /** 10 digits, cleaned as every phone field cleans a number. */
  phone?: string;
  email?: string;
}

export interface ListedDigest {
  digest: string;
  kind: DoNotContactTable['kind'];
}

/** Computes the list's digests. */
export interface DoNotContactKey {
  digestsOf(identity: ContactIdentity): ListedDigest[];
}

/**
 * The list's key, derived from the erasure ledger's (server/leads/erasure-ledger.ts) under its own label, so the
 * one secret kept beside the data covers both and neither digest can be matched against the other.
 */
export function doNotContactKey(ledgerKey: Buffer): DoNotContactKey {
  const key = Buffer.from(crypto.hkdfSync('sha256', ledgerKey, Buffer.alloc(0), 'porchlight do-not-contact', 32));
  const digest = (identifier: string) => crypto.createHmac('sha256', key).update(identifier).digest('hex');
  return {
    digestsOf({ phone, email }) {
      const digests: ListedDigest[] = [];
      if (phone) digests.push({ digest: digest(`phone:${phone}`), kind: 'phone' });
      if (email) digests.push({ digest: digest(`email:${email.trim().toLowerCase()}`), kind: 'email' });
      return digests;
    },
  };
}

/** Whether any of the digests is listed. */
export async function isListed(db: Kysely<Database>, digests: ListedDigest[]): Promise<boolean> {
  if (digests.length === 0) return false;
  const row = await db
    .selectFrom('do_not_contact')
    .select('digest')
    .where(
      'digest',
      'in',
      digests.map((entry) => entry.digest),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Lists the digests; listing one again changes nothing. */
export async function list(db: Kysely<Database>, digests: ListedDigest[], now: Date): Promise<void> {
  if (digests.length === 0) return;
  await db
    .insertInto('do_not_contact')
    .values(digests.map((entry) => ({ ...entry, listed_at: now.toISOString() })))
    .onConflict((oc) => oc.column('digest').doNothing())
    .execute();
}

/** A fresh consent lifts the listing of its number and address. */
export async function unlist(db: Kysely<Database>, digests: ListedDigest[]): Promise<void> {
  if (digests.length === 0) return;
  await db
    .deleteFrom('do_not_contact')
    .where(
      'digest',
      'in',
      digests.map((entry) => entry.digest),
    )
    .execute();
}
