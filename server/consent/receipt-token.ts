import crypto from 'node:crypto';
import { CONSENT_RECEIPT_PATH } from '#shared/consent.ts';

// A receipt's link is its only key: 32 random bytes (256 bits), base64url. Only its SHA-256 is stored, so the
// database cannot give a link away; the token is long and random enough that a plain hash is safe.

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newReceiptToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function receiptHashOf(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/** A token of the right shape; anything else is no receipt, answered like an unknown one. */
export function isReceiptToken(token: string): boolean {
  return TOKEN_PATTERN.test(token);
}

export function receiptUrlOf(siteUrl: string, token: string): string {
  return `${siteUrl}${CONSENT_RECEIPT_PATH}/${token}`;
}
