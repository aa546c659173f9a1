import { CheckUnavailableError } from './check-unavailable.ts';
import type { LeadChecks } from './lead-checks.ts';

export interface CheckSubject {
  email: string;
  /** The cleaned 10 digits. */
  phone: string;
  fullName: string;
}

export type CheckOutcome =
  | { ok: true; e164: string; timeZones: string[] }
  | { ok: false; failed: 'email'; reason: string }
  | { ok: false; failed: 'phone' | 'phone-unavailable' | 'name' | 'name-unavailable' };

/**
 * E-mail, then phone, then name; the first refusal ends it (docs/product-rules.md#lead-checks). A service that
 * cannot answer is the caller's to word, since each form says it differently; any other error propagates.
 */
export async function runLeadChecks(checks: LeadChecks, subject: CheckSubject): Promise<CheckOutcome> {
  const email = await checks.email(subject.email);
  if (!email.isValid) return { ok: false, failed: 'email', reason: email.reason };

  let phone: Awaited<ReturnType<LeadChecks['phone']>>;
  try {
    phone = await checks.phone(subject.phone);
  } catch (error) {
    if (error instanceof CheckUnavailableError) return { ok: false, failed: 'phone-unavailable' };
    throw error;
  }
  if (!phone.valid) return { ok: false, failed: 'phone' };

  try {
    if ((await checks.name(subject.fullName)) === 'invalid') return { ok: false, failed: 'name' };
  } catch (error) {
    if (error instanceof CheckUnavailableError) return { ok: false, failed: 'name-unavailable' };
    throw error;
  }
  return { ok: true, e164: phone.e164, timeZones: phone.timeZones };
}
