import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestIdOf } from '#server/http/request-id.ts';
import type { Logger } from '#server/logger.ts';
import { markRouteGroup } from '#server/metrics/route-groups.ts';
import type { PreparedResponse } from './encoded-body.ts';
import { writePrepared } from './encoded-body.ts';

/** Answers a request and says so, or leaves it alone (false) for the rest of the app. */
export type HotPath = (req: IncomingMessage, res: ServerResponse) => boolean;

interface HotPathOptions {
  /** Built assets by URL path. */
  assets: Map<string, PreparedResponse>;
  /** The cached page for a request target, if any. */
  page?: (target: string, cookie: string | undefined) => PreparedResponse | undefined;
  logger: Logger;
}

/**
 * Built assets and cached pages, answered before Express sees the request. They are bytes compressed once with
 * headers computed once, and nothing in them depends on who asks but the theme they chose, so the per-request work
 * of the rest of the app (routing, helmet, a nonce, request logging) would be most of their cost (measured:
 * docs/decisions/0006-hot-path.md).
 * Only paths the SSR handler rendered are ever cached, and nothing in the app before it could answer them, so
 * answering them first changes no route. Each answer gets a request id; its log line is at debug level, since
 * writing one line per request cost a third of the CPU of the whole answer (page views are logged anyway, as
 * the browser's POST /api/visits).
 */
export function hotPath({ assets, page, logger }: HotPathOptions): HotPath {
  const log = logger.child({ subsystem: 'http' });
  // Asked once per request, by the server's listener (server/app.ts): a stale page's cache lookup hands the
  // render to the one request that asked.
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const target = req.url ?? '/';
    const query = target.indexOf('?');
    const asset = assets.get(query === -1 ? target : target.slice(0, query));
    const prepared = asset ?? page?.(target, req.headers.cookie);
    if (!prepared) return false;
    markRouteGroup(res, asset ? 'asset' : 'page');
    const id = requestIdOf(req);
    writePrepared(req, res, prepared, ['X-Request-Id', id]);
    if (log.isLevelEnabled('debug')) {
      log.debug(
        { req: { id, method: req.method, url: target }, res: { statusCode: res.statusCode } },
        'request completed',
      );
    }
    return true;
  };
}
