import type { Request, RequestHandler } from 'express';
import { type Options, rateLimit } from 'express-rate-limit';
import { rateLimitMessage } from '#server/http/api-error.ts';
import { LEAD_RATE_LIMIT_MESSAGE } from '#shared/messages.ts';

/**
 * Per client IP, per hour, on top of the API-wide limit: a demo call costs a real phone call, and such forms are abused
 * to ring other people (docs/product-rules.md#rate-limits). Each form gets its own counter. IPv6 clients count per /56.
 *
 * Only requests `counts` accepts use up the quota; which ones is the lead intake's rule (`usesQuota`). Deciding
 * before the request is counted, rather than giving the count back once the answer is known, leaves no way to
 * go uncounted by hanging up before the answer.
 */
export function leadRateLimit(
  perHour: number,
  counts: (req: Request) => boolean,
  onLimited: () => void = () => {},
  stores: Partial<Pick<Options, 'store'>> = {},
): RequestHandler {
  return rateLimit({
    ...stores,
    windowMs: 60 * 60_000,
    limit: perHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: rateLimitMessage(LEAD_RATE_LIMIT_MESSAGE),
    skip: (req) => !counts(req),
    // The library's own answer, once the refusal is counted.
    handler: (_req, res, _next, options) => {
      onLimited();
      res.status(options.statusCode).send(options.message);
    },
  });
}
