import express, { type ErrorRequestHandler } from 'express';
import { rateLimit } from 'express-rate-limit';
import type { Config } from '#server/config.ts';
import { type GeoLocation, type GeoLocator, UNKNOWN_LOCATION } from '#server/geo/geo-locator.ts';
import { normalizeIp, truncateIp } from '#server/geo/ip-address.ts';
import { rateLimitMessage, sendApiError } from '#server/http/api-error.ts';
import type { RateLimitStores } from '#server/http/rate-limit-store.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { visitSchema } from '#shared/visit-schema.ts';
import type { VisitStore } from './visit-store.ts';

/** A visit body is a handful of short fields; anything bigger is not from our page. */
export const VISIT_BODY_LIMIT = '2kb';
const USER_AGENT_MAX = 512;

interface VisitDeps {
  config: Config;
  visits: VisitStore;
  geo: GeoLocator;
  clock: Clock;
  /** The booking calendar of a source tag (docs/product-rules.md#source-tags), stored with the visit. */
  calendarLink: (sourceTag: string | null) => string | null;
  /** Where the per-address counts are kept; this process's memory unless given. */
  limitStores?: RateLimitStores;
}

const tooLarge: ErrorRequestHandler = (error, _req, res, next) => {
  const type = typeof error === 'object' && error !== null && 'type' in error ? error.type : undefined;
  if (type !== 'entity.too.large') return next(error);
  sendApiError(res, 413, 'A visit body must be under 2 kB.');
};

/**
 * POST /api/visits (docs/product-rules.md#visits): the browser sends what only it knows; the server adds the
 * address, user agent, time and location, and stores the visit. Mounted above the API's JSON parser so that
 * its own, smaller body limit applies.
 */
export function visitsRouter({ config, visits, geo, clock, calendarLink, limitStores }: VisitDeps) {
  const router = express.Router();
  router.use(
    rateLimit({
      ...limitStores?.('visits'),
      windowMs: 60_000,
      limit: config.visits.rateLimitPerMinute,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: rateLimitMessage('Too many visits recorded from this address. Please wait a minute.'),
    }),
  );
  router.use(express.json({ limit: VISIT_BODY_LIMIT }));

  router.post('/', async (req, res) => {
    const parsed = visitSchema.safeParse(req.body);
    if (!parsed.success) {
      sendApiError(res, 400, toFieldErrors(parsed.error));
      return;
    }
    const visit = parsed.data;
    // req.ip honours the app's trust-proxy setting (TRUST_PROXY), so behind a proxy it is the visitor's.
    const ip = normalizeIp(req.ip ?? '') || 'Unknown';
    let place: GeoLocation = UNKNOWN_LOCATION;
    try {
      // Located from the full address; only the stored copy is truncated.
      place = await geo.locate(ip);
    } catch (error) {
      req.log.warn({ err: error }, 'geolocation failed; visit stored without a location');
    }
    await visits.add({
      ip_address: config.visits.truncateIp ? truncateIp(ip) : ip,
      timestamp: clock().toISOString(),
      page_visited: visit.page,
      country: place.country,
      region: place.region,
      city: place.city,
      latitude: place.latitude,
      longitude: place.longitude,
      user_agent: (req.get('user-agent') ?? '').slice(0, USER_AGENT_MAX),
      referrer: visit.referrer,
      is_return_visit: visit.returnVisit ? 1 : 0,
      visit_duration: visit.duration,
      source_tag: visit.sourceTag,
      calendar_link: calendarLink(visit.sourceTag),
      visitor_id: visit.visitorId ?? null,
    });
    res.status(204).end();
  });

  router.use(tooLarge);
  return router;
}
