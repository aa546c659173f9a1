/**
 * The URL of the page a request asks for, always on the site's own origin (SITE_URL): the Host header,
 * X-Forwarded-Proto and any absolute-form target (`GET http://other.example/x`) are client data, and a
 * page, its cache entry and its canonical link must not depend on them. Undefined when the target is no
 * path at all, so the caller answers 400 rather than guessing.
 */
export function pageUrlOf(siteUrl: string, target: string): URL | undefined {
  const origin = URL.parse(siteUrl)?.origin;
  if (!origin) return undefined;
  let path = target;
  if (!path.startsWith('/')) {
    const absolute = URL.parse(path);
    if (!absolute || !/^https?:$/.test(absolute.protocol)) return undefined;
    path = `${absolute.pathname}${absolute.search}`;
  }
  // Joined as text, never resolved: `//other.example/x` stays a path on this origin, not another host.
  const url = URL.parse(`${origin}${path}`);
  return url?.origin === origin ? url : undefined;
}

/**
 * The one spelling of a page's path: letters in lower case, escapes of letters, digits and `-._~` decoded (RFC
 * 3986 says they mean the same), other escapes as written, no trailing slash. The router matches every
 * spelling, but each would be a page of its own to the cache and to search engines; the server redirects them
 * here (docs/decisions/0005-page-cache-and-csp.md). `pathname` is a parsed URL's, so dot segments are already gone.
 */
export function canonicalPathOf(pathname: string): string {
  const path = pathname.replace(/%[0-9a-f]{2}|[a-z]+/gi, (part) => {
    if (!part.startsWith('%')) return part.toLowerCase();
    const char = String.fromCharCode(Number.parseInt(part.slice(1), 16));
    return /^[\w.~-]$/.test(char) ? char.toLowerCase() : part;
  });
  return path.replace(/(?<=.)\/+$/, '');
}
