import request from 'supertest';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createPageCache } from '#server/page-cache.ts';
import type { PageSource } from '#server/pages.ts';
import { headingOf, inlineTags } from '../support/html.ts';
import { listen } from '../support/leads.ts';
import { builtPages, createTestApp } from '../support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
beforeAll(async () => {
  ctx = await createTestApp({}, { pageCache: cache });
});
afterAll(() => ctx.close());

const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /script-src 'self' 'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

test('a page served from the cache is the rendered page with its own response nonce on every inline tag', async () => {
  const first = await request(ctx.app).get('/blogs').set('User-Agent', 'Googlebot/2.1');
  expect(first.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/blogs', 'probe')).toBeDefined());

  const second = await request(ctx.app).get('/blogs');
  expect(second.status).toBe(200);
  expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
  const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
  expect(secondNonce).toBeDefined();
  expect(secondNonce).not.toBe(firstNonce);
  // A crawler's whole document and the cached one are the same page but for the nonce.
  expect(second.text).toBe(first.text.replaceAll(String(firstNonce), String(secondNonce)));
  const tags = inlineTags(second.text);
  expect(tags.length).toBeGreaterThan(2);
  for (const tag of tags) expect(tag).toContain(`nonce="${secondNonce}"`);
});

test('only the parameters that change a page get their own cached page, and a not-found page is never kept', async () => {
  await request(ctx.app).get('/blogs?layout=list');
  await vi.waitFor(() => expect(cache.get('/blogs?layout=list', 'n')).toBeDefined());
  const list = cache.get('/blogs?layout=list', 'n')?.html;
  expect(list).not.toBe(cache.get('/blogs', 'n')?.html);
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
  expect(tagged.text).toBe(cache.get('/blogs?layout=list', String(nonceOf(tagged)))?.html);

  const missing = await request(ctx.app).get('/no-such-page');
  expect(missing.status).toBe(404);
  expect(cache.get('/no-such-page', 'n')).toBeUndefined();
  const again = await request(ctx.app).get('/no-such-page');
  expect(again.status).toBe(404);
  expect(headingOf(again.text)).toBe('Page not found');
});

test('the Host a page was asked with plays no part in what is cached', async () => {
  const res = await request(ctx.app).get('/').set('Host', 'evil.example');
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/', 'n')).toBeDefined());
  const cached = cache.get('/', 'n')?.html;
  expect(cached).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}/"/>`);
  expect(cached).not.toContain('evil.example');
});

/** The build's pages, counting every render the app starts. */
async function countedPages() {
  const pages = await builtPages();
  const counted = { renders: 0, pages: { ...pages } as PageSource };
  counted.pages.render = async () => {
    const render = await pages.render();
    return (req, options) => {
      counted.renders++;
      return render(req, options);
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
    await vi.waitFor(() => expect(own.get('/', 'n')).toBeDefined());
    // The visitor's stream and the cache's whole render.
    expect(counted.renders).toBe(2);
    const get = async (i: number) => {
      const query = i % 2 ? `source=agent-isa&utm_campaign=c${i}` : `fbclid=${i}&gclid=${i * 7}`;
      const res = await fetch(`${server.url}/?${query}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain(query);
      if (i % 100 === 1) expect(html).toBe(own.get('/', String(/nonce="([\w-]+)"/.exec(html)?.[1]))?.html);
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

test('the cache stays within its byte budget however many pages are asked for', async () => {
  const pageBytes = Buffer.byteLength(cache.get('/blogs', 'n')?.html ?? '');
  expect(pageBytes).toBeGreaterThan(10_000);
  const small = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxBytes: pageBytes * 2.5 });
  const app = await createTestApp({}, { pageCache: small });
  try {
    const paths = ['/', '/blogs', '/policies', '/privacy', '/team', '/about-us', '/blogs?layout=list', '/directory'];
    for (const path of paths) {
      expect((await request(app.app).get(path)).status).toBe(200);
      await vi.waitFor(() => expect(small.get(path, 'n')).toBeDefined());
      expect(small.size().bytes).toBeLessThanOrEqual(pageBytes * 2.5);
    }
    // Some pages went to make room: not all fit.
    expect(small.size().entries).toBeGreaterThan(0);
    expect(small.size().entries).toBeLessThan(paths.length);
  } finally {
    await app.close();
  }
});
