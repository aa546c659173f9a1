import { z } from 'zod';
import { isValidTimeZone } from './business-hours.ts';
import { contactFormMessages, demoFormMessages, FIELD_TOO_LONG_MESSAGE, PLAIN_TEXT_MESSAGE } from './messages.ts';
import { cleanPhone, isTenDigitPhone } from './phone.ts';
import { isSourceTag } from './source-tag.ts';
import { dropStrayInvisibles, hasHiddenCharacters } from './visible-text.ts';
import { visitorIdField } from './visitor-id-field.ts';

// The lead forms' schemas, run by the browser before sending and by the server on receipt, so the browser
// rarely sends a form bound to be refused (docs/product-rules.md#lead-forms). The rules and messages are the
// product's; the bounds on length are ours (a form must not carry a novel).

export const EMAIL_MAX = 254;
export const NAME_FIELD_MAX = 120;
export const COMPANY_MAX = 200;
/** Room for '+1 (210) 867-5309 ext. 12' and the like; the digits decide validity. */
export const PHONE_INPUT_MAX = 32;

// Optional context from the browser: a malformed value is dropped, never an error the visitor must fix.
const sourceTag = z.string().trim().toLowerCase().refine(isSourceTag).optional().catch(undefined);
const timezone = z.string().max(64).refine(isValidTimeZone).optional().catch(undefined);
// A field hidden from people (the honeypot): only a bot fills it. The server checks it before this schema.
const website = z.string().max(0).optional();

/**
 * People never see the `website` field, so any value in it is a bot. Checked before the schema, so that the
 * answer does not tell the bot which field gave it away.
 */
export function honeypotFilled(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !Object.hasOwn(body, 'website')) return false;
  const value: unknown = Reflect.get(body, 'website');
  return value !== undefined && value !== null && value !== '';
}

/** True when a free-text field holds only characters a person types and sees (shared/visible-text.ts). */
export function isPlainText(value: string): boolean {
  return !hasHiddenCharacters(value);
}

/**
 * A free-text field: NFC-normalised, stray invisible characters dropped and trimmed, checked for hidden
 * characters first, then `min`, then `max` (docs/product-rules.md#hidden-characters).
 */
function textField(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .normalize('NFC')
    .overwrite(dropStrayInvisibles)
    .trim()
    .refine(isPlainText, { error: PLAIN_TEXT_MESSAGE })
    .min(min, { error: message })
    .max(max, { error: FIELD_TOO_LONG_MESSAGE });
}

// The e-mail pattern takes ASCII only, so it already refuses every hidden character with the field's message;
// only the stray ones a copy leaves behind (some pages put zero-width spaces in long addresses) are dropped.
function emailField(message: string) {
  return z
    .string({ error: message })
    .overwrite(dropStrayInvisibles)
    .trim()
    .max(EMAIL_MAX, { error: message })
    .pipe(z.email({ error: message }));
}

/**
 * The opt-back-in box: ticked, a person on the do-not-contact list gives consent anew (docs/product-rules.md#consent).
 * The forms show it only after the server refused their number or address for being on the list.
 */
const optBackIn = z.boolean({ error: 'Please tick the box or leave it empty' }).optional();

/** The demo-call dialog's form. `phone` comes out as its 10 digits. */
export const demoCallSchema = z.object(
  {
    fullName: textField(demoFormMessages.fullName, 2, NAME_FIELD_MAX),
    phone: z
      .string({ error: demoFormMessages.phone })
      .max(PHONE_INPUT_MAX, { error: demoFormMessages.phone })
      .transform(cleanPhone)
      .refine(isTenDigitPhone, { error: demoFormMessages.phone }),
    email: emailField(demoFormMessages.email),
    consent: z.literal(true, { error: demoFormMessages.consent }),
    sourceTag,
    timezone,
    visitorId: visitorIdField,
    optBackIn,
    website,
  },
  { error: 'The request must be a JSON object.' },
);

export type DemoCallRequest = z.output<typeof demoCallSchema>;

const required = (message: string, max: number) => textField(message, 1, max);

/** The contact modal's form. `phoneNumber` comes out as its cleaned digits (`cleanPhone`). */
export const contactSchema = z.object(
  {
    firstName: required(contactFormMessages.firstName, NAME_FIELD_MAX),
    lastName: required(contactFormMessages.lastName, NAME_FIELD_MAX),
    phoneNumber: z
      .string({ error: contactFormMessages.phoneNumber })
      .trim()
      .min(10, { error: contactFormMessages.phoneNumber })
      .max(PHONE_INPUT_MAX, { error: contactFormMessages.phoneNumber })
      .transform(cleanPhone),
    companyName: required(contactFormMessages.companyName, COMPANY_MAX),
    email: emailField(contactFormMessages.email),
    sourceTag,
    visitorId: visitorIdField,
    optBackIn,
    website,
  },
  { error: 'The request must be a JSON object.' },
);

export type ContactRequest = z.output<typeof contactSchema>;
