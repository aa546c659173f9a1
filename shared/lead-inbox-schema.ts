import { z } from 'zod';
import { CONSENT_STATES, DELIVERY_STATES, INBOX_SEARCH_MAX, type InboxFilters, LEAD_KINDS } from './lead-inbox.ts';
import { isSourceTag } from './source-tag.ts';
import { dropStrayInvisibles, hasHiddenCharacters } from './visible-text.ts';

// The inbox's query parameters (GET /api/leads, /api/leads/export.csv). An empty parameter, as a form sends
// for "any", means no filter.

const blankAsUnset = (value: unknown) => (value === '' ? undefined : value);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(value: string): boolean {
  return DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const day = (field: string) =>
  z.preprocess(
    blankAsUnset,
    z
      .string({ error: `${field} must be a date (yyyy-mm-dd)` })
      .refine(isDay, { error: `${field} must be a date (yyyy-mm-dd)` })
      .optional(),
  );

export const inboxFiltersSchema = z
  .object({
    kind: z.preprocess(blankAsUnset, z.enum(LEAD_KINDS, { error: "Kind must be 'demo' or 'contact'" }).optional()),
    source: z.preprocess(
      blankAsUnset,
      z
        .string({ error: 'Source tag must be text' })
        .trim()
        .toLowerCase()
        .refine(isSourceTag, { error: 'Source tag must be 1-64 lower-case letters, digits, dashes or underscores' })
        .optional(),
    ),
    state: z.preprocess(
      blankAsUnset,
      z
        .enum(DELIVERY_STATES, { error: "Delivery state must be 'queued', 'retrying', 'delivered' or 'given_up'" })
        .optional(),
    ),
    consent: z.preprocess(
      blankAsUnset,
      z.enum(CONSENT_STATES, { error: "Consent must be 'given' or 'revoked'" }).optional(),
    ),
    from: day('Start date'),
    to: day('End date'),
    q: z.preprocess(
      blankAsUnset,
      z
        .string({ error: 'Search must be text' })
        // As the lead forms take names (docs/product-rules.md#hidden-characters): a pasted stray is dropped.
        .normalize('NFC')
        .overwrite(dropStrayInvisibles)
        .trim()
        .refine((value) => !hasHiddenCharacters(value), { error: 'Search must not contain hidden characters' })
        .max(INBOX_SEARCH_MAX, { error: `Search must be at most ${INBOX_SEARCH_MAX} characters` })
        .transform((value) => (value === '' ? undefined : value))
        .optional(),
    ),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    path: ['to'],
    error: 'The end date must not be before the start date',
  }) satisfies z.ZodType<InboxFilters>;
