import type { ServerResponse } from 'node:http';

/**
 * What a request is counted under: a handful of fixed names, never its path, so that no client can add series
 * to the metrics by asking for new URLs.
 */
export const ROUTE_GROUPS = [
  /** Pages: rendered, or answered from the page cache. */
  'page',
  /** Built assets and the other static files. */
  'asset',
  /** robots.txt, the sitemap, the feed and the web manifest. */
  'discovery',
  'health',
  /** POST /api/demo-calls and /api/contact. */
  'lead_form',
  /** The page views browsers report. */
  'visits',
  /** Sign-in and the operators' pages' APIs: dashboard, analytics, lead inbox, privacy requests. */
  'operator',
  /** Signed callbacks from the call automation. */
  'hooks',
  /** Socket.IO's HTTP side: long-polling requests (held open until there is news) and handshakes. */
  'socket_io',
  /** Any other /api path (answered 404). */
  'api_other',
  /** Anything else: methods no route takes, malformed requests. */
  'other',
] as const;

export type RouteGroup = (typeof ROUTE_GROUPS)[number];

const API_GROUPS = new Map<string, RouteGroup>([
  ['demo-calls', 'lead_form'],
  ['contact', 'lead_form'],
  ['visits', 'visits'],
  ['hooks', 'hooks'],
  ['session', 'operator'],
  ['dashboard', 'operator'],
  ['analytics', 'operator'],
  ['leads', 'operator'],
  ['privacy-requests', 'operator'],
]);

const FIXED_PATHS = new Map<string, RouteGroup>([
  ['/healthz', 'health'],
  ['/readyz', 'health'],
  ['/robots.txt', 'discovery'],
  ['/sitemap.xml', 'discovery'],
  ['/feed.xml', 'discovery'],
  ['/manifest.webmanifest', 'discovery'],
]);

// Set by whatever answered a page or a file (the hot path, static files, the SSR handler); a path alone cannot
// tell /about from /favicon.ico. Kept per response and gone with it.
const marks = new WeakMap<ServerResponse, RouteGroup>();

/** Says what answers `res`; a later mark replaces an earlier one, `undefined` takes it back. */
export function markRouteGroup(res: ServerResponse, group: RouteGroup | undefined): void {
  if (group) marks.set(res, group);
  else marks.delete(res);
}

/**
 * The group of a request for `url` (the request target as it arrived) answered by `res`. API and Socket.IO
 * paths decide by their prefix, case aside as the router does; the rest by the answering handler's mark.
 */
export function routeGroupOf(url: string, res: ServerResponse): RouteGroup {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path.length >= 4 && path.slice(0, 4).toLowerCase() === '/api') {
    if (path.length === 4) return 'api_other';
    if (path[4] !== '/') return marks.get(res) ?? 'other';
    const end = path.indexOf('/', 5);
    return API_GROUPS.get(path.slice(5, end === -1 ? undefined : end).toLowerCase()) ?? 'api_other';
  }
  if (path.startsWith('/socket.io/')) return 'socket_io';
  return FIXED_PATHS.get(path) ?? marks.get(res) ?? 'other';
}
