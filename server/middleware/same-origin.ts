import type { RequestHandler } from 'express';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The JSON API serves this site's own pages only: a state-changing request must come from the same
 * origin. Browsers send Sec-Fetch-Site and Origin; a request with neither does not come from a
 * browser, so it cannot be a forged cross-site one (rate limits and validation still apply).
 */
export function sameOriginOnly(siteUrl: string): RequestHandler {
  const allowed = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const hostOrigin = `${req.protocol}://${req.get('host')}`;
    const sameOrigin = origin === undefined || origin === allowed || origin === hostOrigin;
    if ((fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') || !sameOrigin) {
      res.status(403).json({ error: 'Requests must come from this site.' });
      return;
    }
    next();
  };
}
