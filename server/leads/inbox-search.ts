import { cleanPhone, isTenDigitPhone } from '#shared/phone.ts';

/**
 * What an operator's search means. A whole phone number or e-mail address is looked up by its index; part of a
 * number matches anywhere in the digits, and any other text anywhere in the name, company or e-mail address.
 */
export type SearchTerm =
  | { by: 'phone'; digits: string; exact: boolean }
  | { by: 'email'; email: string }
  | { by: 'text'; text: string };

// Digits with what people type around them: (210) 867-5309, +1 210.867.5309.
const PHONE_LIKE = /^[\d\s().+-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function searchTermOf(query: string): SearchTerm {
  const q = query.trim();
  if (PHONE_LIKE.test(q)) {
    const digits = cleanPhone(q);
    if (digits.length >= 3) return { by: 'phone', digits, exact: isTenDigitPhone(digits) };
  }
  if (EMAIL.test(q)) return { by: 'email', email: q.toLowerCase() };
  return { by: 'text', text: q.toLowerCase() };
}

/** `text` as a LIKE pattern matching it anywhere, its own % _ and \ taken literally (ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
