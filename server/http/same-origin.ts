import type { RequestHandler } from 'express';
import { sendApiError } from './api-error.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The JSON API serves this site's own pages only: a state-changing request must come from SITE_URL's
 * origin. Browsers send Sec-Fetch-Site and Origin; a request with neither does not come from a browser, so
 * it cannot be a forged cross-site one (rate limits and validation still apply). The request's own Host is
 * not trusted: after DNS rebinding a hostile page's requests carry its own name as Host and Origin alike.
 * `Origin: null` (sandboxed frames, file: pages) and anything malformed simply fail the comparison.
 */
export function sameOriginOnly(
  siteUrl: string,
  {
    onSiteUnderAnotherName,
  }: {
    /**
     * Told when a refused request's Origin is the very address it was sent to: a page this server served under
     * another name than SITE_URL (a first run on another PORT, a proxy's name), not a forgery.
     */
    onSiteUnderAnotherName?: (origin: string) => void;
  } = {},
): RequestHandler {
  const allowed = new URL(siteUrl).origin;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const crossSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none';
    if (crossSite || (origin !== undefined && origin !== allowed)) {
      if (origin !== undefined && origin === `${req.protocol}://${req.get('host')}`) onSiteUnderAnotherName?.(origin);
      sendApiError(res, 403, 'Requests must come from this site.');
      return;
    }
    next();
  };
}
