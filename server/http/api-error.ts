import type { Response } from 'express';
import type { ApiError } from '#shared/api-error.ts';

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
