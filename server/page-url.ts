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
