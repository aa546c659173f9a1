import { pageKeyOf } from '#shared/page-query.ts';
import { type StoredTheme, themeOfCookieHeader } from '#shared/theme-cookie.ts';
import { type HeaderList, type PreparedResponse, prepareResponse } from './encoded-body.ts';
import { EMPTY_STYLE_SOURCE, type InlineSources } from './inline-hashes.ts';
import type { CachedPage, PageCache } from './page-cache.ts';
import { pageUrlOf } from './page-url.ts';

interface CachedPagesOptions {
  cache: PageCache;
  /** SITE_URL: pages are cached for this origin whatever Host a request names (server/pages/page-url.ts). */
  siteUrl: string;
  /** The security headers of the page at `pathname`, with a CSP that allows `inline` where the nonce would go. */
  headersFor(inline: InlineSources, pathname?: string): HeaderList;
}

const TARGETS_KEPT = 1024;

/**
 * The cache key of the one not-found page that every path no page has shares (a page's key starts with `/`).
 * It is answered by the page handler, after static files, the API and the rest, not by the hot path.
 */
export const NOT_FOUND_PAGE_KEY = 'not-found';

/**
 * Where that page is rendered: a path no page has, so that it is the catch-all route's page, with none of the
 * code of the page a visitor asked for (an article's, for an article that does not exist).
 */
export const NOT_FOUND_PAGE_PATH = '/404';

/**
 * The cache key of a page as a visitor with `theme` gets it: the page comes with the visitor's chosen theme set
 * (shared/theme-cookie.ts), so the cache keeps one for each choice. Most visitors choose none and share the plain key.
 */
export function themedPageKey(key: string, theme: StoredTheme | undefined): string {
  return theme ? `${key} theme=${theme}` : key;
}

export interface CachedPageResponses {
  /** The cached page of a request target for a request's Cookie header, ready to send (server/pages/hot-path.ts). */
  page(target: string, cookie: string | undefined): PreparedResponse | undefined;
  /** The cached not-found page, for a path the page handler finds no page for (server/pages/ssr.ts). */
  notFound(cookie: string | undefined): PreparedResponse | undefined;
}

/**
 * The response to a page request from the page cache, if the page is there: bytes ready in every coding, with
 * headers computed the first time the page is sent. Nothing in it depends on who asks but the theme they chose.
 */
export function cachedPageResponses({ cache, siteUrl, headersFor }: CachedPagesOptions): CachedPageResponses {
  const responses = new WeakMap<CachedPage, PreparedResponse>();
  // Parsing a target costs more than the rest of the lookup, and visitors ask for the same few targets.
  const keys = new Map<string, string | null>();
  const keyOf = (target: string) => {
    let key = keys.get(target);
    if (key === undefined) {
      const url = pageUrlOf(siteUrl, target);
      key = url ? pageKeyOf(url) : null;
      // Made-up targets must not grow it without bound.
      if (keys.size >= TARGETS_KEPT) keys.clear();
      keys.set(target, key);
    }
    return key;
  };
  /** `pathname` is the page's; the not-found page, which stands for every path, has none. */
  const prepared = (page: CachedPage | undefined, pathname?: string) => {
    if (!page) return undefined;
    let response = responses.get(page);
    if (!response) {
      // The page's own hashes, and the empty style element Emotion fills through the CSSOM at run time.
      const inline = { script: page.inline.script, style: [...page.inline.style, EMPTY_STYLE_SOURCE] };
      response = prepareResponse(page.status, page.body, [
        ...headersFor(inline, pathname),
        ['Content-Type', 'text/html; charset=utf-8'],
        // The theme cookie picks the page: a shared cache must keep a page for each.
        ['Vary', 'Cookie'],
        // Stored, but asked about again every time: the ETag makes that a 304 while the page is the same.
        ['Cache-Control', 'no-cache'],
      ]);
      responses.set(page, response);
    }
    return response;
  };
  return {
    page(target, cookie) {
      const key = keyOf(target);
      if (key === null) return undefined;
      return prepared(cache.get(themedPageKey(key, themeOfCookieHeader(cookie))), key.replace(/\?.*$/, ''));
    },
    notFound: (cookie) => prepared(cache.get(themedPageKey(NOT_FOUND_PAGE_KEY, themeOfCookieHeader(cookie)))),
  };
}
