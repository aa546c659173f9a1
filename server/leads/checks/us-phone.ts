import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { isValidTimeZone } from '#shared/business-hours.ts';
import { isTenDigitPhone } from '#shared/phone.ts';
import { timeZonesOf } from './phone-time-zones.ts';

/** A number the assistant may call: its E.164 form and the time zones of its area code. */
export type PhoneVerdict = { valid: true; e164: string; timeZones: string[] } | { valid: false };

const INVALID: PhoneVerdict = { valid: false };
// US numbers only (+1 NANP), where the assistant calls from. The territories are dialled as domestic US calls.
const US_REGIONS = new Set(['US', 'PR', 'VI', 'GU', 'AS', 'MP']);
// People answer these; toll-free, premium-rate, shared-cost, pager and UAN numbers are services, and a demo call to one
// is abuse or cost: such forms are used to run up call charges (docs/product-rules.md#phone-numbers).
const CALLABLE_TYPES = new Set(['FIXED_LINE', 'MOBILE', 'FIXED_LINE_OR_MOBILE', 'VOIP', 'PERSONAL_NUMBER']);

/** Area code 900, and the 976 exchange that was pay-per-call in every area code. */
function payPerCall(tenDigits: string): boolean {
  return tenDigits.startsWith('900') || tenDigits.slice(3, 6) === '976';
}

/**
 * The offline phone rule (libphonenumber's metadata, no network): a valid US number of a type people answer,
 * with the time zones libphonenumber maps its prefix to. Used on its own by default, and before a remote check.
 */
export async function checkUsPhone(tenDigits: string): Promise<PhoneVerdict> {
  if (!isTenDigitPhone(tenDigits) || payPerCall(tenDigits)) return INVALID;
  const parsed = parsePhoneNumberFromString(tenDigits, 'US');
  if (!parsed?.isValid() || parsed.countryCallingCode !== '1' || !US_REGIONS.has(parsed.country ?? '')) {
    return INVALID;
  }
  const type = parsed.getType();
  if (type === undefined || !CALLABLE_TYPES.has(type)) return INVALID;
  const zones = (await timeZonesOf(parsed.number)) ?? [];
  return { valid: true, e164: parsed.number, timeZones: zones.filter(isValidTimeZone) };
}
