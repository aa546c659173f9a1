import { z } from 'zod';
import { isSourceTag } from './source-tag.ts';
import { hasHiddenCharacters } from './visible-text.ts';
import { VISIT_DURATION_MAX_S, VISIT_PAGE_MAX, VISIT_REFERRER_MAX } from './visit-limits.ts';
import { visitorIdField } from './visitor-id-field.ts';

// The body the browser posts to /api/visits (docs/product-rules.md#visits). The server adds IP, user agent, time and
// location; everything here comes from an anonymous browser, so every field is bounded.

export { VISIT_DURATION_MAX_S, VISIT_PAGE_MAX, VISIT_REFERRER_MAX };

const REFERRER_MESSAGE = `Referrer must be 'direct' or an http(s) URL of at most ${VISIT_REFERRER_MAX} characters`;

// No path or address a browser sends holds an invisible character, so one was put there on purpose; both are shown
// to operators (docs/product-rules.md#hidden-characters).
function isVisibleText(value: string): boolean {
  return !hasHiddenCharacters(value);
}

function isHttpUrl(value: string): boolean {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

function withoutQuery(value: string): string {
  const url = new URL(value);
  return `${url.origin}${url.pathname}`;
}

export const visitSchema = z.object({
  page: z
    .string({ error: 'Page is required' })
    .max(VISIT_PAGE_MAX, `Page must be at most ${VISIT_PAGE_MAX} characters`)
    // A path on this site: one leading slash (not "//host"), no spaces, nothing hidden.
    .regex(/^\/(?!\/)[^\s\p{Cc}]*$/u, 'Page must be a path starting with /')
    .refine(isVisibleText, 'Page must be a path starting with /'),
  referrer: z
    .string({ error: REFERRER_MESSAGE })
    .max(VISIT_REFERRER_MAX, REFERRER_MESSAGE)
    // document.referrer is '' for a direct visit; the browser should send 'direct', '' is taken as such.
    .transform((value) => (value === '' ? 'direct' : value))
    .refine((value) => value === 'direct' || (isHttpUrl(value) && isVisibleText(value)), REFERRER_MESSAGE)
    // Kept without its query or fragment. Browsers send another site's origin only (the referrer policy), so what is
    // cut is ours: what a visitor typed into a form sent without script (`/?phone=…`) or an operator's search.
    .transform((value) => (value === 'direct' ? value : withoutQuery(value))),
  duration: z
    .number({ error: 'Duration must be a number of seconds' })
    .int('Duration must be whole seconds')
    .min(0, 'Duration cannot be negative')
    .max(VISIT_DURATION_MAX_S, `Duration must be at most ${VISIT_DURATION_MAX_S} seconds`),
  returnVisit: z.boolean({ error: 'Return visit must be true or false' }),
  sourceTag: z
    .string()
    .refine(isSourceTag, 'Source tag must be 1-64 lower-case letters, digits, dashes or underscores')
    .nullable()
    .default(null),
  /** What ties the visit to its browser's leads (shared/visitor-id.ts). */
  visitorId: visitorIdField,
});

export type VisitInput = z.input<typeof visitSchema>;
export type Visit = z.output<typeof visitSchema>;
