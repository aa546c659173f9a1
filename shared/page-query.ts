// Which query parameters change a page's server-rendered HTML. Only the blog index's `layout` does; every other
// one (`source`, utm_*, fbclid, …) is read in the browser after hydration, or by nobody, so the page of the
// path alone is right for it. The server's page cache keys pages with `pageKeyOf`: a parameter added here (and
// read while rendering) gets its own cached pages.

/** `?layout=list` shows the blog index as a list; anything else is the grid. */
export const BLOG_LAYOUT_PARAM = 'layout';

export function blogLayoutFrom(params: URLSearchParams): 'grid' | 'list' {
  return params.get(BLOG_LAYOUT_PARAM) === 'list' ? 'list' : 'grid';
}

/**
 * The URL whose HTML is right for `url`: its path plus the parameters that change the page, with their
 * default values left out. Applied on every path, so another spelling of a path cannot get a wrong page.
 */
export function pageKeyOf(url: URL): string {
  return blogLayoutFrom(url.searchParams) === 'list' ? `${url.pathname}?${BLOG_LAYOUT_PARAM}=list` : url.pathname;
}
