// Phone handling shared by every phone input and the server (docs/product-rules.md#phone-numbers).

const DECIMAL_DIGIT = /\p{Nd}/u;

/**
 * The value of a decimal digit of any script (the full-width ２ a Japanese keyboard types, the Arabic-Indic ٢):
 * Unicode encodes every script's 0 to 9 as a run of ten code points, and some runs follow one another.
 */
function digitValue(digit: string): string {
  const code = digit.codePointAt(0) ?? 0;
  let first = code;
  while (first > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(first - 1))) first--;
  return String((code - first) % 10);
}

/** The digits of `input`, each as its ASCII digit, whatever script it was typed in; nothing else. */
export function phoneDigits(input: string): string {
  return input.replace(/\p{Nd}/gu, (digit) => (digit <= '9' ? digit : digitValue(digit))).replace(/\D/g, '');
}

/**
 * Keeps only the digits (`phoneDigits`); an 11-digit number starting with 1 loses that 1 (the country code).
 */
export function cleanPhone(input: string): string {
  const digits = phoneDigits(input);
  return digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
}

/** Exactly 10 digits, as `cleanPhone` returns for a valid number. */
export function isTenDigitPhone(digits: string): boolean {
  return /^\d{10}$/.test(digits);
}

/**
 * Formats as '(XXX) XXX-XXXX' while typing in the demo-call dialog: partial input gets the part of the
 * pattern it has reached, and digits beyond ten are dropped.
 */
export function formatPhoneAsYouType(input: string): string {
  const digits = cleanPhone(input).slice(0, 10);
  if (digits.length === 0) return '';
  const area = digits.slice(0, 3);
  const exchange = digits.slice(3, 6);
  const line = digits.slice(6);
  if (digits.length < 4) return `(${area}`;
  if (digits.length < 7) return `(${area}) ${exchange}`;
  return `(${area}) ${exchange}-${line}`;
}

/** '+1' and the 10 digits (E.164): the form of a call_notifications phone_number. */
export function toE164(tenDigits: string): string {
  if (!isTenDigitPhone(tenDigits)) throw new RangeError('toE164 needs exactly 10 digits');
  return `+1${tenDigits}`;
}

/** A stored number for people to read: '(210) 867-5309' for 10 digits; anything else as it was stored. */
export function formatPhone(digits: string): string {
  return isTenDigitPhone(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}
