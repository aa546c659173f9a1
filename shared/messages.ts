// Every user-facing message of SPEC §5 and §8, verbatim, for the browser and the server alike.
// Messages that SPEC does not word (the 6-hour rule, the rate limit) are marked as ours.

/** SPEC §5 "Demo dialog form". */
export const demoFormMessages = {
  fullName: 'Name is required',
  phone: 'Please enter a valid 10-digit phone number',
  email: 'Please enter a valid email address',
  consent: 'You must consent to proceed',
} as const satisfies Record<string, string>;

/** SPEC §5 "Contact form". */
export const contactFormMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  phoneNumber: 'Valid phone number is required',
  companyName: 'Company name is required',
  email: 'Please enter a valid email address',
} as const satisfies Record<string, string>;

/** SPEC §5 "E-mail check", first match wins in this order; `invalid` is the default. */
export const emailCheckMessages = {
  spam: 'This email address has been flagged as spam. Please use a different email address.',
  blocklisted: 'This email address is on our blocklist. Please use a different email address.',
  disposable: 'Disposable email addresses are not allowed. Please use a permanent email address.',
  invalid: 'This email address is not valid. Please use a different email address.',
} as const satisfies Record<string, string>;

/** SPEC §5 "Phone check" and §8 "Phone invalid". */
export const PHONE_INVALID_MESSAGE = 'The phone number you entered is invalid. Please check and try again.';

/** SPEC §8 "Name invalid", with the full name as typed. */
export function nameInvalidMessage(fullName: string): string {
  return `The name "${fullName}" appears to be invalid and bot activity is suspected.`;
}

/** SPEC §8 "Name check fails". */
export const NAME_CHECK_FAILED_MESSAGE = 'There was an error validating your name. Please try again.';

/** SPEC §8 "Webhook or insert failure (demo dialog)". */
export const PROCESSING_ERROR_MESSAGE = 'There was an error processing your request. Please try again.';

/** SPEC §8 "Any other failure in the demo submit flow". */
export const DEMO_FAILURE_MESSAGE = 'There was an error validating your phone number. Please try again.';

/** SPEC §8 "Any other failure in the contact form": a destructive toast. */
export const contactFailureToast = { title: 'Something went wrong', description: 'Please try again later.' } as const;

/** SPEC §8 "Contact form success". */
export const contactSuccessToast = {
  title: 'Form submitted!',
  description: 'The assistant will be calling you shortly.',
} as const;

/** SPEC §5 "Hero form": console warning only. */
export const HERO_PHONE_WARNING = 'Invalid phone number. Must be 10 digits after cleaning.';

/** SPEC §8 "Image fails to load". */
export const IMAGE_LOAD_FAILED_MESSAGE = 'Failed to load image';

/** SPEC §8 "Router default error screen". */
export const UNEXPECTED_ERROR_TITLE = 'Unexpected Application Error!';

/** Ours: SPEC §9 "Same number can be called once every 6 hours" says the rule, not the refusal. */
export const SAME_NUMBER_COOLDOWN_MESSAGE =
  'This number was already called in the last 6 hours. The same number can be called only once every 6 hours.';

/** Ours: the per-IP limit on lead forms. */
export const LEAD_RATE_LIMIT_MESSAGE = 'Too many requests from your network. Please try again later.';

/** Ours: a bound on free-text fields, so that a form cannot carry a novel. */
export const FIELD_TOO_LONG_MESSAGE = 'This is too long. Please shorten it.';

/** Ours: a name or company carrying control characters, text-direction overrides or broken characters. */
export const PLAIN_TEXT_MESSAGE = 'Please use only letters, numbers, spaces and common punctuation.';
