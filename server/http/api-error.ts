import type { Response } from 'express';
import type { ApiError } from '#shared/api-error.ts';

/** What a request the server failed is told: never what failed. */
export const SERVER_FAULT_MESSAGE = 'Something went wrong. Please try again later.';

/** What a request whose body is past its route's limit is told. */
export const TOO_LARGE_MESSAGE = 'Request body too large.';

/**
 * Answers with the API's one error shape (shared/api-error.ts); a bare string is the `error`. Retry-After is
 * set from `retryAfterSeconds` so the header and the body never disagree. An answer may carry facts of its
 * own besides the contract's fields (the call-status hook's 409 names the call's status), never instead.
 */
export function sendApiError<Body extends ApiError>(res: Response, status: number, body: Body | string): void {
  const answer: ApiError = typeof body === 'string' ? { error: body } : body;
  if (answer.retryAfterSeconds !== undefined) res.set('Retry-After', String(answer.retryAfterSeconds));
  res.status(status).json(answer);
}

/** The `message` of an express-rate-limit limiter, in the same shape. */
export function rateLimitMessage(error: string): ApiError {
  return { error };
}
