import { z } from 'zod';
import { EMAIL_MAX, PHONE_INPUT_MAX } from './lead-schemas.ts';
import { cleanPhone, isTenDigitPhone } from './phone.ts';
import { dropStrayInvisibles, hasHiddenCharacters } from './visible-text.ts';

// Who a privacy request is about: a phone number or an e-mail address, exactly one.

const PHONE_MESSAGE = 'Please enter a 10-digit phone number';
const EMAIL_MESSAGE = 'Please enter an e-mail address';

export const privacySubjectSchema = z
  .object(
    {
      phone: z
        .string({ error: PHONE_MESSAGE })
        .max(PHONE_INPUT_MAX, { error: PHONE_MESSAGE })
        .transform(cleanPhone)
        .refine(isTenDigitPhone, { error: PHONE_MESSAGE })
        .optional(),
      email: z
        .string({ error: EMAIL_MESSAGE })
        // As the lead forms take addresses (docs/product-rules.md#hidden-characters): a pasted stray is dropped.
        .overwrite(dropStrayInvisibles)
        .trim()
        .max(EMAIL_MAX, { error: EMAIL_MESSAGE })
        .refine((value) => /^[^\s@]+@[^\s@]+$/.test(value) && !hasHiddenCharacters(value), { error: EMAIL_MESSAGE })
        .transform((value) => value.toLowerCase())
        .optional(),
    },
    { error: 'The request must be a JSON object.' },
  )
  .refine((subject) => (subject.phone === undefined) !== (subject.email === undefined), {
    path: ['form'],
    error: 'Give either a phone number or an e-mail address',
  });

export type PrivacySubject = z.output<typeof privacySubjectSchema>;

export const erasureSchema = z.intersection(
  privacySubjectSchema,
  z.object({ confirm: z.literal(true, { error: 'Confirm the erasure: it cannot be undone' }) }),
);
