import type { z } from 'zod';

// The one shape of every answer of our JSON API that is not a 2xx, built by the server and read by the
// browser through `readApiError` (docs/decisions/0004-api-errors.md says why one shape, and what was rejected).

/** One message per field, the first one found; a problem with the whole body is keyed 'form'. */
export type FieldErrors = Record<string, string>;

export interface ApiError {
  /** Always there: one sentence a page can show as it is. */
  error: string;
  /** Messages a form shows under its fields, by field name. */
  fieldErrors?: FieldErrors;
  /** A second line, where the page shows a title and a text (the contact form's toast). */
  description?: string;
  /** When asking again can succeed; the Retry-After header says the same. */
  retryAfterSeconds?: number;
}

/** A refusal that names fields: `fieldErrors` is always there. */
export type FieldRefusal = ApiError & { fieldErrors: FieldErrors };

/** The sentence of a refusal that names several fields; a single field's own message stands for itself. */
export const FIELD_REFUSAL_MESSAGE = 'Please check the highlighted fields.';

/** A refusal by field. `error` is the field's message when there is one, so a page that places none still says what is wrong. */
export function fieldRefusal(fieldErrors: FieldErrors): FieldRefusal {
  const messages = Object.values(fieldErrors);
  const [only] = messages;
  return { error: messages.length === 1 && only ? only : FIELD_REFUSAL_MESSAGE, fieldErrors };
}

/** A zod failure as a refusal by field: the first message of each field. */
export function toFieldErrors(error: z.ZodError): FieldRefusal {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : 'form';
    if (!Object.hasOwn(fieldErrors, key)) fieldErrors[key] = issue.message;
  }
  return fieldRefusal(fieldErrors);
}

/** What a page says when an answer carries no message of ours (a proxy's error page, a cut connection). */
export function unexplainedFailure(status: number): string {
  return `The server answered ${status}.`;
}

function stringEntries(value: unknown): [string, string][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
}

/**
 * Reads a non-2xx answer of our API, whatever the body turned out to be: `error` is the server's message,
 * or `fallback` when the body carries none. Only the contract's fields are kept, each only with its type.
 */
export function readApiError(status: number, body: unknown, fallback = unexplainedFailure(status)): ApiError {
  const answer = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const own = (key: keyof ApiError): unknown => (Object.hasOwn(answer, key) ? Reflect.get(answer, key) : undefined);
  const error = own('error');
  const description = own('description');
  const retryAfterSeconds = own('retryAfterSeconds');
  // fromEntries defines own keys, so a field named '__proto__' stays a plain entry.
  const fieldErrors = Object.fromEntries(stringEntries(own('fieldErrors')).filter(([, message]) => message !== ''));
  return {
    error: typeof error === 'string' && error !== '' ? error : fallback,
    ...(Object.keys(fieldErrors).length > 0 ? { fieldErrors } : {}),
    ...(typeof description === 'string' && description !== '' ? { description } : {}),
    ...(typeof retryAfterSeconds === 'number' && Number.isFinite(retryAfterSeconds) && retryAfterSeconds >= 0
      ? { retryAfterSeconds }
      : {}),
  };
}
