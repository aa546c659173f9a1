import type { RequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import { LEAD_RATE_LIMIT_MESSAGE } from '#shared/messages.ts';

/**
 * Per client IP, per hour, on top of the API-wide limit: a demo call costs a real phone call, and such forms
 * are abused to ring other people (NOTES). Each form gets its own counter. IPv6 clients count per /56.
 */
export function leadRateLimit(perHour: number): RequestHandler {
  return rateLimit({
    windowMs: 60 * 60_000,
    limit: perHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    message: { error: LEAD_RATE_LIMIT_MESSAGE },
  });
}
