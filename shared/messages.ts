import { SAME_NUMBER_EVERY_HOURS } from './same-number-rule.ts';

// Every user-facing message of the forms and the site's failures, word for word, for the browser and the server
// alike, so a refusal reads the same whichever side made it. The wording is the product's; the messages we added
// (the 6-hour rule, the rate limit, over-long fields, hidden characters) are marked as ours.

/** The demo-call dialog's form, under each field. */
export const demoFormMessages = {
  fullName: 'Name is required',
  phone: 'Please enter a valid 10-digit phone number',
  email: 'Please enter a valid email address',
  consent: 'You must consent to proceed',
} as const satisfies Record<string, string>;

/** The contact modal's form, under each field. */
export const contactFormMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneNumber: 'Valid phone number is required',
  companyName: 'Company name is required',
  email: 'Please enter a valid email address',
} as const satisfies Record<string, string>;

/** The e-mail check's refusals: the first match wins in this order; `invalid` is the default. */
export const emailCheckMessages = {
  spam: 'This email address has been flagged as spam. Please use a different email address.',
  blocklisted: 'This email address is on our blocklist. Please use a different email address.',
  disposable: 'Disposable email addresses are not allowed. Please use a permanent email address.',
  invalid: 'This email address is not valid. Please use a different email address.',
} as const satisfies Record<string, string>;

/** The phone check refused the number. */
export const PHONE_INVALID_MESSAGE = 'The phone number you entered is invalid. Please check and try again.';

/** The name check refused the name, quoted as typed. */
export function nameInvalidMessage(fullName: string): string {
  return `The name "${fullName}" appears to be invalid and bot activity is suspected.`;
}

/** The name check could not answer. */
export const NAME_CHECK_FAILED_MESSAGE = 'There was an error validating your name. Please try again.';

/** The demo call could not be stored or queued. */
export const PROCESSING_ERROR_MESSAGE = 'There was an error processing your request. Please try again.';

/** Any other failure while the demo dialog submits (the phone service down, the network gone). */
export const DEMO_FAILURE_MESSAGE = 'There was an error validating your phone number. Please try again.';

/** Any other failure of the contact form: a destructive toast. */
export const contactFailureToast = { title: 'Something went wrong', description: 'Please try again later.' } as const;

/** The contact form was accepted. */
export const contactSuccessToast = {
  title: 'Form submitted!',
  description: 'The assistant will be calling you shortly.',
} as const;

/** The hero's phone field without 10 digits: a console warning only, since the field sends nothing. */
export const HERO_PHONE_WARNING = 'Invalid phone number. Must be 10 digits after cleaning.';

/** The 6-hour rule as the demo-call dialog states it up front (docs/product-rules.md#six-hour-rule). */
export const SAME_NUMBER_RULE = `The same number can be called only once every ${SAME_NUMBER_EVERY_HOURS} hours.`;

/** Ours: the refusal of a number asked for again within its hours (docs/product-rules.md#six-hour-rule). */
export const SAME_NUMBER_COOLDOWN_MESSAGE = `This number was already called in the last ${SAME_NUMBER_EVERY_HOURS} hours. ${SAME_NUMBER_RULE}`;

/** Ours: the per-IP limit on lead forms. */
export const LEAD_RATE_LIMIT_MESSAGE = 'Too many requests from your network. Please try again later.';

/** Ours: a bound on free-text fields, so that a form cannot carry a novel. */
export const FIELD_TOO_LONG_MESSAGE = 'This is too long. Please shorten it.';

/** Ours: a name or company carrying control characters, text-direction overrides or broken characters. */
export const PLAIN_TEXT_MESSAGE = 'Please use only letters, numbers, spaces and common punctuation.';

/**
 * Ours: a number or address on the do-not-contact list (docs/product-rules.md#consent). It says how to opt back
 * in: the form then shows the opt-back-in box, and ticking it is a fresh consent.
 */
export const DO_NOT_CONTACT_MESSAGE =
  'You asked us not to contact this number or e-mail address. To be contacted again, tick the box below ' +
  'confirming that you want us to contact you, then send the form again.';

/** Ours: the revocation form's field error, for a value that is neither a number nor an address. */
export const REVOCATION_SUBJECT_MESSAGE = 'Please enter a 10-digit phone number or an e-mail address';

/** Ours: the answer to every request of the revocation form, whether or not the number or address is known. */
export const REVOCATION_RECEIVED_MESSAGE =
  'Thank you. If we hold consent for this number or e-mail address, it is revoked, and we will not contact it ' +
  'again unless you give consent anew.';
