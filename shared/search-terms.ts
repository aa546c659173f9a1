import { cleanPhone, isTenDigitPhone } from './phone.ts';

// The lead inbox's search (server/leads/lead-inbox-store.ts) looks terms up in an index instead of reading
// every lead: each lead is stored with the terms below (lead_search_terms), and a search matches the leads
// that have, for each of its words, a term starting with that word. Words are compared in lower case and
// without accents, so 'jose' finds José.

// Letters and digits of any script; everything else separates words.
const WORD = /[\p{L}\p{N}]+/gu;
// Digits with what people type around them: (210) 867-5309, +1 210.867.5309.
const PHONE_LIKE = /^[\p{Nd}\s().+-]+$/u;
/** A search holds at most this many words; more say nothing a person would type. */
export const SEARCH_WORDS_MAX = 8;

function fold(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a text, folded: 'José O’Brien-Smith' gives ['jose', 'o', 'brien', 'smith']. */
export function wordsOf(text: string): string[] {
  return fold(text).match(WORD) ?? [];
}

export interface SearchableLead {
  full_name: string;
  company_name: string | null;
  email: string;
  phone: string;
}

/**
 * The terms a lead is found by: the words of its name, company and e-mail address, the whole address, and its
 * phone number whole, by its last seven and by its last four digits.
 */
export function leadSearchTerms(lead: SearchableLead): string[] {
  const terms = new Set<string>([
    ...wordsOf(lead.full_name),
    ...wordsOf(lead.company_name ?? ''),
    ...wordsOf(lead.email),
    fold(lead.email.trim()),
  ]);
  const digits = lead.phone.replace(/\D/g, '');
  if (digits) terms.add(digits);
  if (digits.length === 10) {
    terms.add(digits.slice(3));
    terms.add(digits.slice(6));
  }
  terms.delete('');
  return [...terms];
}

/** How a search is looked up: one term exactly, or every prefix (each must start a term of the lead). */
export type SearchLookup = { exact: string } | { prefixes: string[] };

/**
 * A whole phone number is looked up exactly; part of one by its digits (the start of the number, of its last
 * seven or of its last four); an e-mail address (anything with '@') as the start of one; other text word by
 * word. A search with no letter or digit matches nothing: `{ prefixes: [] }`.
 */
export function searchLookup(query: string): SearchLookup {
  const q = query.trim();
  if (PHONE_LIKE.test(q)) {
    const digits = cleanPhone(q);
    if (isTenDigitPhone(digits)) return { exact: digits };
    if (digits.length > 0) return { prefixes: [digits] };
  }
  if (q.includes('@')) return { prefixes: [fold(q)] };
  return { prefixes: [...new Set(wordsOf(q))].slice(0, SEARCH_WORDS_MAX) };
}
