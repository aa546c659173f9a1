import { Writable } from 'node:stream';
import type { Request as ExpressRequest, Response as ExpressResponse, RequestHandler } from 'express';
import { isbot } from 'isbot';
import type { Render, RenderOptions } from '#client/entry-server.tsx';
import { nonceOf } from '#server/http/security.ts';
import { pageKeyOf } from '#shared/page-query.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import { type StoredTheme, themeOfCookieHeader } from '#shared/theme-cookie.ts';
import { type CachedPageResponses, NOT_FOUND_PAGE_KEY, NOT_FOUND_PAGE_PATH, themedPageKey } from './cached-pages.ts';
import { writePrepared } from './encoded-body.ts';
import type { FillOptions, PageCache } from './page-cache.ts';
import type { PageSource } from './page-source.ts';
import { canonicalPathOf, pageUrlOf } from './page-url.ts';

/** Runs a callback Node calls outside Express (a `close` listener): a throw there would escape every handler. */
function safely(req: ExpressRequest, what: string, task: () => void): void {
  try {
    task();
  } catch (error) {
    req.log.warn({ err: error }, what);
  }
}

function toFetchRequest(req: ExpressRequest, res: ExpressResponse, url: URL): Request {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) safely(req, 'could not cancel a page render', () => controller.abort());
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers, signal: controller.signal });
}

/** The whole document of `url` as one string; undefined for redirects and for renders that reported errors. */
async function renderWhole(render: Render, url: URL, options: RenderOptions) {
  let failed = false;
  const result = await render(new Request(url), {
    ...options,
    onError: (error) => {
      failed = true;
      options.onError(error);
    },
  });
  if (result.kind !== 'html') return undefined;
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
    });
    sink.on('finish', resolve).on('error', reject);
    result.pipe(sink);
  });
  return failed ? undefined : { status: result.status, html: Buffer.concat(chunks).toString('utf8') };
}

interface FillPageOptions extends FillOptions {
  pages: PageSource;
  publicConfig: PublicConfig;
  /** The theme the page is rendered with: `key` is the page's key for it (server/pages/cached-pages.ts). */
  theme?: StoredTheme;
  onError(error: unknown): void;
}

/**
 * Renders the page at `url` whole into the cache under `key`: the bytes every visitor after it gets, whoever
 * asked (server/pages/page-cache.ts).
 */
export function fillPage(cache: PageCache, key: string, url: URL, options: FillPageOptions): Promise<void> {
  const { pages, publicConfig, theme, onError, ...fill } = options;
  const renderPage = async (marker: string) =>
    renderWhole(await pages.render(), url, {
      nonce: marker,
      publicConfig,
      theme,
      scriptsFor: pages.scriptsFor,
      waitForAll: true,
      onError,
    });
  return cache.fill(key, renderPage, fill);
}

interface SsrOptions {
  pages: PageSource;
  publicConfig: PublicConfig;
  /** SITE_URL: every page is rendered at this origin, whatever Host the request names. */
  siteUrl: string;
  /** Where rendered pages are kept to be served again (production); without it every request renders. */
  cache?: PageCache;
  /** The cache's pages ready to send: the not-found page is answered here (server/pages/cached-pages.ts). */
  cachedPages?: CachedPageResponses;
}

// The theme cookie picks the page (shared/theme-cookie.ts): a shared cache must keep a page for each.
const HTML_HEADERS = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache', Vary: 'Cookie' };

/** Streams every page through React Router's static handler; its status codes are the response's. */
export function ssrHandler({ pages, publicConfig, siteUrl, cache, cachedPages }: SsrOptions): RequestHandler {
  /**
   * The one not-found page every path no page has shares, from the cache; rendered into it first when it is not
   * there (requests that come meanwhile wait for that one render). Undefined without a cache, or when the
   * render failed.
   */
  async function notFoundPage(cookie: string | undefined, onError: (error: unknown) => void) {
    if (!cache || !cachedPages) return undefined;
    const cached = cachedPages.notFound(cookie);
    if (cached) return cached;
    const theme = themeOfCookieHeader(cookie);
    await fillPage(cache, themedPageKey(NOT_FOUND_PAGE_KEY, theme), new URL(NOT_FOUND_PAGE_PATH, siteUrl), {
      pages,
      publicConfig,
      theme,
      onError,
      status: 404,
    });
    return cachedPages.notFound(cookie);
  }

  return async (req, res, next) => {
    try {
      const url = pageUrlOf(siteUrl, req.originalUrl);
      if (!url) {
        next(Object.assign(new Error('request target is not a path'), { status: 400 }));
        return;
      }
      // Another spelling of a page's path goes to the page's own, so that it costs no render and no cache entry.
      const canonical = canonicalPathOf(url.pathname);
      if (canonical !== url.pathname) {
        // Absolute, on the site's origin: a path such as `//other.example` must not read as another host.
        res.redirect(301, `${url.origin}${canonical}${url.search}`);
        return;
      }
      const onError = (error: unknown) => req.log.error({ err: error }, 'page render failed');
      // Every path no page has gets the same not-found page, rendered once: a scanner's thousand made-up paths
      // cost one render, not a thousand (docs/decisions/0005-page-cache-and-csp.md). Should that render fail,
      // the plain error page says the same.
      const sendNotFound = async () => {
        const page = await notFoundPage(req.headers.cookie, onError);
        if (page) writePrepared(req, res, page, []);
        else next(Object.assign(new Error('no page at this path'), { status: 404 }));
      };
      if (cachedPages && (await pages.serverModule()).matchesNoPage(url.pathname)) {
        await sendNotFound();
        return;
      }
      const render = await pages.render();
      const theme = themeOfCookieHeader(req.headers.cookie);
      const options: RenderOptions = {
        theme,
        nonce: nonceOf(res),
        publicConfig,
        scriptsFor: pages.scriptsFor,
        waitForAll: isbot(req.get('user-agent') ?? ''),
        // A page whose loaders find nothing (an article, a team member that does not exist) gets it too.
        reportNotFound: Boolean(cachedPages),
        onError,
      };
      const result = await render(toFetchRequest(req, res, url), options);
      if (result.kind === 'not-found') {
        await sendNotFound();
        return;
      }
      if (result.kind === 'response') {
        const location = result.response.headers.get('location');
        if (location) res.redirect(result.response.status, location);
        else res.status(result.response.status).send(await result.response.text());
        return;
      }
      res.status(result.status);
      res.set(HTML_HEADERS);
      res.on('close', () => {
        if (!res.writableFinished) safely(req, 'could not abort a page stream', () => result.abort());
      });
      result.pipe(res);
      // This visitor gets the stream; the next ones get the page from the cache, rendered for the key's URL so
      // that nothing of this request's other parameters is kept. Any query parameter that does not change the
      // page shares its path's cached page, which server/pages/cached-pages.ts serves ahead of this handler.
      if (cache && req.method === 'GET' && result.status === 200) {
        const key = pageKeyOf(url);
        // Joined as text, so that a path such as `//other.example` stays a path (server/pages/page-url.ts).
        const keyUrl = new URL(`${url.origin}${key}`);
        void fillPage(cache, themedPageKey(key, theme), keyUrl, { pages, publicConfig, theme, onError });
      }
    } catch (error) {
      next(error);
    }
  };
}
