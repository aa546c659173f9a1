import crypto from 'node:crypto';
import type http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { NOT_FOUND_PAGE_KEY, themedPageKey } from '#server/pages/cached-pages.ts';
import { createPageCache } from '#server/pages/page-cache.ts';
import type { PageSource } from '#server/pages/page-source.ts';
import { headingOf } from '#tests/support/html.ts';
import { listen, UUID_V4 } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { rawGet } from '#tests/support/raw-get.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

/** Filling renders and compresses off the request: generous on a busy machine. */
const FILLED = { timeout: 10_000 };

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
beforeAll(async () => {
  ctx = await createTestApp({}, { pageCache: cache, pages: await builtPages() });
});
afterAll(() => ctx.close());

const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /script-src 'self' 'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

function directivesOf(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const csp = String(res.headers['content-security-policy']);
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

/** Text of every inline script and style the browser would check against the CSP. */
function inlineTexts(html: string) {
  const script: string[] = [];
  const style: string[] = [];
  for (const [, name, attributes = '', text = ''] of html.matchAll(/<(script|style)\b([^>]*)>([\s\S]*?)<\/\1>/g)) {
    if (name === 'style') style.push(text);
    else if (!/\ssrc=|type="application\/(ld\+)?json"/.test(attributes)) script.push(text);
  }
  return { script, style };
}

const sha256 = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

async function cachedBlogs() {
  const first = await request(ctx.app).get('/blogs').set('User-Agent', 'Googlebot/2.1');
  expect(first.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/blogs')).toBeDefined(), FILLED);
  return first;
}

test('a page served from the cache carries no nonce, and its CSP allows exactly its inline scripts and styles by hash', async () => {
  const first = await cachedBlogs();
  const firstNonce = String(nonceOf(first));
  const second = await request(ctx.app).get('/blogs');
  expect(second.status).toBe(200);
  expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
  // A crawler's whole document and the cached one are the same page but for the nonce attributes.
  expect(second.text).toBe(first.text.replaceAll(` nonce="${firstNonce}"`, ''));
  expect(second.text).not.toContain('nonce');

  const policy = directivesOf(second);
  const { script, style } = inlineTexts(second.text);
  expect(script.length).toBeGreaterThanOrEqual(2);
  // Emotion's styles for the whole page, collected in <head>: the global rules' element and the rest's.
  expect(style).toHaveLength(2);
  expect(second.text.lastIndexOf('<style')).toBeLessThan(second.text.indexOf('</head>'));
  // The nonce's place holds the hashes (and the empty style Emotion fills at run time); nothing else moved.
  const scriptHashes = [...new Set(script.map(sha256))];
  const styleHashes = [...new Set(style.map(sha256))];
  expect(policy.get('script-src')).toEqual(["'self'", ...scriptHashes, 'https://app.cal.com']);
  expect(policy.get('style-src')).toEqual(["'self'", ...styleHashes, sha256('')]);
  const streamed = directivesOf(first);
  expect(streamed.get('script-src')).toEqual(["'self'", `'nonce-${firstNonce}'`, 'https://app.cal.com']);
  for (const [name, sources] of streamed) {
    if (name !== 'script-src' && name !== 'style-src') expect(policy.get(name), name).toEqual(sources);
  }
  expect([...policy.keys()]).toEqual([...streamed.keys()]);
  expect(second.headers['x-request-id']).toMatch(UUID_V4);
});

test('a cached page has every other header the rendered page has', async () => {
  const first = await cachedBlogs();
  const second = await request(ctx.app).get('/blogs');
  const perResponse = new Set(['content-security-policy', 'x-request-id', 'date', 'etag', 'content-length']);
  const perResponseOrTransfer = new Set([...perResponse, 'transfer-encoding', 'vary', 'content-encoding']);
  for (const [name, value] of Object.entries(first.headers)) {
    if (!perResponseOrTransfer.has(name)) expect(second.headers[name], name).toBe(value);
  }
  for (const name of Object.keys(second.headers)) {
    if (!perResponseOrTransfer.has(name)) expect(first.headers[name], name).toBeDefined();
  }
});

test('a cached page is sent compressed as the browser asks, compressed once, and 304 when the browser has it', async () => {
  await cachedBlogs();
  // As the server runs it: cached pages are answered before Express is entered.
  const server = await listen(ctx.app);
  try {
    const plain = await rawGet(`${server.url}/blogs`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);
    expect(plain.body.toString()).toContain('<h1');

    const br = await rawGet(`${server.url}/blogs`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // The coding and the theme cookie (shared/theme-cookie.ts) pick the bytes.
    expect(br.headers.vary).toBe('Cookie, Accept-Encoding');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(plain.body);

    const gzip = await rawGet(`${server.url}/blogs`, { 'Accept-Encoding': 'gzip;q=1, br;q=0.5' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    // One layer of gzip: the compression middleware did not compress the stored bytes again.
    expect(gunzipSync(gzip.body)).toEqual(plain.body);

    const refused = await rawGet(`${server.url}/blogs`, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toEqual(plain.body);

    // Each coding is its own representation with its own strong tag; any of them is a match for the page.
    const tags = [plain, br, gzip].map((res) => String(res.headers.etag));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
    for (const tag of [tags[0], `W/${tags[1]}`, `"elsewhere", ${tags[2]}`]) {
      const again = await rawGet(`${server.url}/blogs`, { 'If-None-Match': String(tag), 'Accept-Encoding': 'br' });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.etag).toBe(tags[1]);
    }
    const changed = await rawGet(`${server.url}/blogs`, { 'If-None-Match': '"an-older-page"' });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual(plain.body);
  } finally {
    await server.close();
  }
});

test('only the parameters that change a page get their own cached page', async () => {
  await request(ctx.app).get('/blogs?layout=list');
  await vi.waitFor(() => expect(cache.get('/blogs?layout=list')).toBeDefined(), FILLED);
  const cachedHtml = (key: string) => cache.get(key)?.body.bytes.identity.toString();
  const list = cachedHtml('/blogs?layout=list');
  expect(list).not.toBe(cachedHtml('/blogs'));
  expect(list).toContain('value="list" aria-pressed="true"');

  // Any other query (a tag read in the browser, campaign tags, a grid that is the default) is the path's page.
  const before = cache.size().entries;
  for (const url of ['/blogs?layout=grid', '/blogs?utm_source=news&source=agent-isa', '/blogs?layout=list&x=1']) {
    const res = await request(ctx.app).get(url);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('utm_source');
    expect(res.text).not.toContain('x=1');
  }
  expect(cache.size().entries).toBe(before);
  const tagged = await request(ctx.app).get('/blogs?layout=list&x=1');
  expect(tagged.text).toBe(cachedHtml('/blogs?layout=list'));
});

test('a visitor who chose a theme gets the page with it set: streamed once, then from a cached page of its own', async () => {
  await cachedBlogs();
  const plain = String(cache.get('/blogs')?.body.bytes.identity);
  expect(plain).toContain('<html lang="en">');
  const server = await listen(ctx.app);
  try {
    for (const theme of ['dark', 'light'] as const) {
      const ask = (path = '/blogs') => rawGet(`${server.url}${path}`, { Cookie: `visitor=1; theme=${theme}` });
      const streamed = await ask();
      expect(streamed.headers['content-security-policy']).toContain("'nonce-");
      expect(streamed.body.toString()).toContain(`<html lang="en" data-theme="${theme}">`);
      await vi.waitFor(() => expect(cache.get(themedPageKey('/blogs', theme))).toBeDefined(), FILLED);
      const cached = await ask();
      expect(cached.headers['content-security-policy']).toContain("'sha256-");
      expect(cached.headers.vary).toBe('Cookie, Accept-Encoding');
      // The page as every visitor with that choice gets it: the theme set, and the theme control naming it.
      const label = `Theme: ${theme === 'dark' ? 'Dark' : 'Light'} theme`;
      expect(cached.body.toString()).toContain(`<html lang="en" data-theme="${theme}">`);
      expect(cached.body.toString()).toContain(`aria-label="${label}`);
      expect(plain).toContain('aria-label="Theme: System theme');
      // The one not-found page too.
      const missing = await ask('/no-such-page-at-all');
      expect(missing.status).toBe(404);
      expect(missing.body.toString()).toContain(`<html lang="en" data-theme="${theme}">`);
    }
    // Any other value is no choice: the page most visitors share.
    const other = await rawGet(`${server.url}/blogs`, { Cookie: 'theme=sepia; old_theme=dark' });
    expect(other.body.toString()).toBe(plain);
  } finally {
    await server.close();
  }
});

test('every path no page has gets one cached not-found page, rendered once, which names none of them', async () => {
  const counted = await countedPages();
  const own = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages });
  const server = await listen(app.app);
  try {
    const first = await fetch(`${server.url}/wp-login.php?x=1`);
    expect(first.status).toBe(404);
    expect(headingOf(await first.text())).toBe('Page not found');
    // Rendered once, whole, into the cache; the first visitor gets it from there too.
    expect(own.get(NOT_FOUND_PAGE_KEY)?.status).toBe(404);
    expect(first.headers.get('content-security-policy')).not.toContain("'nonce-");
    expect(counted.renders).toBe(1);

    for (const path of ['/.env', '/no-such-page', '/a/b/c', '//other.example/x', '/%E2%80%A6']) {
      const res = await fetch(`${server.url}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      const html = await res.text();
      expect(headingOf(html)).toBe('Page not found');
      expect(html).not.toMatch(/wp-login|\.env|other\.example|no-such-page/);
      // From the cache: a CSP of hashes, no nonce.
      expect(res.headers.get('content-security-policy')).not.toContain("'nonce-");
      expect(res.headers.get('x-request-id')).toMatch(UUID_V4);
    }
    expect(counted.renders).toBe(1);
    expect(own.size().entries).toBe(1);

    // What answers ahead of the pages still does: static files, discovery, the API, health.
    const ahead = await Promise.all(
      ['/favicon.svg', '/robots.txt', '/sitemap.xml', '/healthz', '/api/no-such-endpoint'].map(async (path) => {
        const res = await fetch(`${server.url}${path}`);
        return [path, res.status, res.headers.get('content-type')?.split(';')[0]];
      }),
    );
    expect(ahead).toEqual([
      ['/favicon.svg', 200, 'image/svg+xml'],
      ['/robots.txt', 200, 'text/plain'],
      ['/sitemap.xml', 200, 'application/xml'],
      ['/healthz', 200, 'application/json'],
      ['/api/no-such-endpoint', 404, 'application/json'],
    ]);

    // A page that exists but has nothing at this address (an article, a team member) gets the same page.
    for (const path of ['/blog/no-such-article', '/meet/nobody-here']) {
      const res = await fetch(`${server.url}${path}`);
      expect([path, res.status]).toEqual([path, 404]);
      expect(await res.text()).toBe(own.get(NOT_FOUND_PAGE_KEY)?.body.bytes.identity.toString());
    }
    expect(counted.renders).toBe(1);
    expect(own.size().entries).toBe(1);
  } finally {
    await server.close();
    await app.close();
  }
});

test('a thousand missing article slugs render the not-found page once, and each gets it from the cache', async () => {
  const counted = await countedPages();
  const own = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages });
  const server = await listen(app.app);
  try {
    const get = async (i: number) => {
      const slug = `no-such-article-${i}`;
      const res = await fetch(`${server.url}/blog/${slug}`);
      const html = await res.text();
      expect([slug, res.status, headingOf(html)]).toEqual([slug, 404, 'Page not found']);
      expect(html).not.toContain(slug);
      expect(html).toBe(own.get(NOT_FOUND_PAGE_KEY)?.body.bytes.identity.toString());
      // The cached page's CSP: hashes, no nonce.
      expect(res.headers.get('content-security-policy')).not.toContain("'nonce-");
    };
    // Ten at a time from the start, as a scanner would: the first ten wait for one render, not ten.
    for (let i = 0; i < 1_000; i += 10) {
      await Promise.all(Array.from({ length: 10 }, (_, j) => get(i + j)));
    }
    expect(counted.renders).toBe(1);
    expect(own.size().entries).toBe(1);
    // An article that exists is still its own page: the visitor's stream and the cache's whole render.
    const found = await fetch(`${server.url}/blog/why-top-agents-let-ai-handle-the-first-call`);
    expect(found.status).toBe(200);
    expect(headingOf(await found.text())).toContain('Let AI Handle the First Call');
    await vi.waitFor(() => expect(counted.renders).toBe(3), FILLED);
  } finally {
    await server.close();
    await app.close();
  }
}, 60_000);

test('the Host a page was asked with plays no part in what is cached', async () => {
  const res = await request(ctx.app).get('/').set('Host', 'evil.example');
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/')).toBeDefined(), FILLED);
  const cached = cache.get('/')?.body.bytes.identity.toString();
  expect(cached).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}/"/>`);
  expect(cached).not.toContain('evil.example');
});

/**
 * The build's pages, counting every page the app renders. A page whose loaders find nothing, asked for by a
 * server that answers such pages from its cache, is not rendered, so it does not count.
 */
async function countedPages() {
  const pages = await builtPages();
  const counted = { renders: 0, pages: { ...pages } as PageSource };
  counted.pages.render = async () => {
    const render = await pages.render();
    return async (req, options) => {
      const result = await render(req, options);
      if (result.kind === 'html') counted.renders++;
      return result;
    };
  };
  return counted;
}

test('a thousand distinct query strings on / render the page no more after the first request', async () => {
  const counted = await countedPages();
  const own = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages });
  const server = await listen(app.app);
  try {
    const first = await fetch(`${server.url}/?utm_campaign=spring&fbclid=0`);
    expect(first.status).toBe(200);
    await first.text();
    await vi.waitFor(() => expect(own.get('/')).toBeDefined(), FILLED);
    // The visitor's stream and the cache's whole render.
    expect(counted.renders).toBe(2);
    const get = async (i: number) => {
      const query = i % 2 ? `source=agent-isa&utm_campaign=c${i}` : `fbclid=${i}&gclid=${i * 7}`;
      const res = await fetch(`${server.url}/?${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain(query);
      if (i % 100 === 1) expect(html).toBe(own.get('/')?.body.bytes.identity.toString());
    };
    // Ten at a time, as visitors would come.
    for (let i = 1; i < 1_000; i += 10) {
      await Promise.all(Array.from({ length: Math.min(10, 1_000 - i) }, (_, j) => get(i + j)));
    }
    expect(counted.renders).toBe(2);
    expect(own.size().entries).toBe(1);
  } finally {
    await server.close();
    await app.close();
  }
}, 60_000);

test('another spelling of a page path is redirected to the page, renders nothing and takes no cache entry', async () => {
  const counted = await countedPages();
  const own = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages });
  const site = app.config.siteUrl;
  try {
    const article = '/blog/why-top-agents-let-ai-handle-the-first-call';
    for (const [target, location] of [
      ['/BLOGS', `${site}/blogs`],
      ['/Blogs/?layout=list&utm_source=x', `${site}/blogs?layout=list&utm_source=x`],
      ['/%62logs', `${site}/blogs`],
      ['/team/', `${site}/team`],
      [article.toUpperCase(), `${site}${article}`],
      ['//Evil.example/', `${site}//evil.example`],
    ] as const) {
      for (const method of ['get', 'head'] as const) {
        const res = await request(app.app)[method](target);
        expect([target, method, res.status, res.headers.location]).toEqual([target, method, 301, location]);
      }
    }
    expect(counted.renders).toBe(0);
    expect(own.size().entries).toBe(0);

    // The redirect leads to the page, which was not found before in upper case.
    const found = await request(app.app).get(article);
    expect(found.status).toBe(200);
    expect(headingOf(found.text)).toContain('Let AI Handle the First Call');
    const notFound = await request(app.app).get('/No-Such-Page');
    expect([notFound.status, notFound.headers.location]).toEqual([301, `${site}/no-such-page`]);
    expect((await request(app.app).get('/no-such-page')).status).toBe(404);
  } finally {
    await app.close();
  }
});

test('the cache stays within its byte budget however many pages are asked for', async () => {
  const pageBytes = cache.get('/blogs')?.body.size ?? 0;
  expect(pageBytes).toBeGreaterThan(10_000);
  const small = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxBytes: pageBytes * 2.5 });
  const app = await createTestApp({}, { pageCache: small, pages: await builtPages() });
  try {
    const paths = ['/', '/blogs', '/policies', '/privacy', '/team', '/about-us', '/blogs?layout=list', '/directory'];
    for (const path of paths) {
      expect((await request(app.app).get(path)).status).toBe(200);
      await vi.waitFor(() => expect(small.get(path)).toBeDefined(), FILLED);
      expect(small.size().bytes).toBeLessThanOrEqual(pageBytes * 2.5);
    }
    // Some pages went to make room: not all fit.
    expect(small.size().entries).toBeGreaterThan(0);
    expect(small.size().entries).toBeLessThan(paths.length);
  } finally {
    await app.close();
  }
});

test('a stale page is rendered again by one request while the others still get it from the cache', async () => {
  const counted = await countedPages();
  const time = manualClock('2026-01-05T12:00:00Z');
  const own = createPageCache({ clock: time.clock });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages, clock: time.clock });
  const server = await listen(app.app);
  const fromCache = (res: { headers: http.IncomingHttpHeaders }) => res.headers.etag !== undefined;
  try {
    expect(fromCache(await rawGet(`${server.url}/privacy`))).toBe(false);
    await vi.waitFor(() => expect(own.get('/privacy')).toBeDefined(), FILLED);
    const cached = await rawGet(`${server.url}/privacy`);
    expect(fromCache(cached)).toBe(true);
    expect(counted.renders).toBe(2);

    time.advance(60_000);
    // The first request after the page went stale renders it, streamed with its own nonce, and fills the cache.
    const renderer = await rawGet(`${server.url}/privacy`);
    expect(fromCache(renderer)).toBe(false);
    expect(String(renderer.headers['content-security-policy'])).toContain("'nonce-");
    // Meanwhile, and until the new page is in, the others get the stale one.
    const others = await Promise.all([1, 2, 3].map(() => rawGet(`${server.url}/privacy`)));
    for (const res of others) expect(fromCache(res)).toBe(true);
    await vi.waitFor(() => expect(counted.renders).toBe(4), FILLED);
    await vi.waitFor(async () => expect(fromCache(await rawGet(`${server.url}/privacy`))).toBe(true), FILLED);
    expect(counted.renders).toBe(4);
  } finally {
    await server.close();
    await app.close();
  }
});

test('a started server has the sitemap pages in its cache before anyone asks, so the first visitor gets the cached page', async () => {
  const counted = await countedPages();
  const own = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const app = await createTestApp({}, { pageCache: own, pages: counted.pages });
  const paths = (await counted.pages.serverModule()).indexablePages().map((page) => page.path);
  try {
    // Built and not started: nothing is rendered ahead of a visitor (tests that count renders rely on it).
    expect(own.size().entries).toBe(0);
    const url = await app.start();
    await vi.waitFor(() => expect(own.size().entries).toBe(paths.length), { timeout: 30_000 });
    expect(counted.renders).toBe(paths.length);
    for (const path of ['/', '/blogs', '/privacy']) {
      const res = await rawGet(`${url}${path}`);
      expect([path, res.status, res.headers.etag !== undefined]).toEqual([path, 200, true]);
      expect(String(res.headers['content-security-policy'])).not.toContain("'nonce-");
    }
    // No visitor's request rendered anything.
    expect(counted.renders).toBe(paths.length);
  } finally {
    await app.close();
  }
});
