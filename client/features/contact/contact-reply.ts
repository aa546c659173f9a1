import { readApiError } from '#shared/api-error.ts';

// What the contact form makes of POST /api/contact's answer (server/leads/contact-router.ts): success, refusals to show
// under their fields, or anything else, which the form turns into the destructive toast.

/** The form's fields in the order the form shows them. */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'phoneNumber', 'email', 'companyName'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactFieldErrors = Partial<Record<ContactField, string>>;

export type ContactOutcome =
  /** `receiptUrl`: the consent receipt's link, when the server gave one. */
  | { kind: 'submitted'; receiptUrl?: string }
  | { kind: 'field-errors'; fieldErrors: ContactFieldErrors }
  | { kind: 'failed' };

/** Keeps the messages that belong to one of the form's fields; anything else is not for a field. */
export function pickFieldErrors(value: unknown): ContactFieldErrors {
  const errors: ContactFieldErrors = {};
  if (typeof value !== 'object' || value === null) return errors;
  for (const field of CONTACT_FIELDS) {
    const message: unknown = Object.hasOwn(value, field) ? Reflect.get(value, field) : undefined;
    if (typeof message === 'string' && message) errors[field] = message;
  }
  return errors;
}

/** The first field with an error, in the form's order: the one to move focus to. */
export function firstInvalidField(errors: ContactFieldErrors): ContactField | undefined {
  return CONTACT_FIELDS.find((field) => errors[field]);
}

export function readContactReply(status: number, body: unknown): ContactOutcome {
  if (status >= 200 && status < 300) {
    const receiptUrl: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, 'receiptUrl') : undefined;
    return typeof receiptUrl === 'string' ? { kind: 'submitted', receiptUrl } : { kind: 'submitted' };
  }
  const fieldErrors = pickFieldErrors(readApiError(status, body).fieldErrors);
  // A refusal the visitor can act on (e-mail, phone, name) goes under its field, whatever the status.
  return firstInvalidField(fieldErrors) ? { kind: 'field-errors', fieldErrors } : { kind: 'failed' };
}
