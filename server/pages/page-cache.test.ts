import { gunzipSync } from 'node:zlib';
import { expect, test, vi } from 'vitest';
import { manualClock } from '#tests/support/manual-clock.ts';
import { cspHash } from './inline-hashes.ts';
import { createPageCache } from './page-cache.ts';

/** Filling renders and compresses off the request: generous on a busy machine. */
const FILLED = { timeout: 10_000 };

const page = (status: number, body: string) => async (nonce: string) => ({
  status,
  html: `<script nonce="${nonce}">boot()</script><style nonce="${nonce}">p{}</style>${body}`,
});

const htmlOf = (cache: ReturnType<typeof createPageCache>, key: string) =>
  cache.get(key)?.body.bytes.identity.toString();

test('a filled page is kept without its nonce, with the hashes of what carried it, and rendered again once stale', async () => {
  const time = manualClock('2026-01-05T12:00:00Z');
  const cache = createPageCache({ clock: time.clock, ttlMs: 60_000 });
  expect(cache.get('/')).toBeUndefined();
  const text = '<p>Porchlight answers every lead.</p>'.repeat(20);
  cache.fill('/', page(200, `<h1>Home</h1>${text}`));
  await vi.waitFor(() => expect(cache.get('/')).toBeDefined(), FILLED);

  const cached = cache.get('/');
  expect(htmlOf(cache, '/')).toBe(`<script>boot()</script><style>p{}</style><h1>Home</h1>${text}`);
  expect(cached?.inline).toEqual({ script: [cspHash('boot()')], style: [cspHash('p{}')] });
  // Compressed once, when it entered the cache.
  expect(gunzipSync(cached?.body.bytes.gzip ?? Buffer.alloc(0)).toString()).toBe(htmlOf(cache, '/'));
  time.advance(59_999);
  expect(cache.get('/')).toBe(cached);
  time.advance(1);
  // Stale: the first request goes on to render it again; the others keep the stale page meanwhile.
  expect(cache.get('/')).toBeUndefined();
  expect(cache.get('/')).toBe(cached);
  const again = vi.fn(page(200, '<h1>Home again</h1>'));
  cache.fill('/', again);
  cache.fill('/', again);
  await vi.waitFor(() => expect(htmlOf(cache, '/')).toContain('Home again'), FILLED);
  expect(again).toHaveBeenCalledTimes(1);
});

test('a page filled early is rendered again half way to stale, so a visitor never meets it stale', async () => {
  const time = manualClock('2026-01-05T12:00:00Z');
  const cache = createPageCache({ clock: time.clock, ttlMs: 60_000 });
  const render = vi.fn(page(200, 'home'));
  // Resolves once the page is in.
  await cache.fill('/', render, { early: true });
  const first = cache.get('/');
  expect(first).toBeDefined();

  time.advance(29_999);
  await cache.fill('/', render, { early: true });
  // A plain fill (a visitor's request) still waits for it to go stale.
  time.advance(1);
  await cache.fill('/', render);
  expect(render).toHaveBeenCalledTimes(1);
  await cache.fill('/', render, { early: true });
  expect(render).toHaveBeenCalledTimes(2);
  const renewed = cache.get('/');
  expect(renewed).not.toBe(first);

  // Renewed from then on: fresh for its own full time to live, and no request is sent on to render it.
  time.advance(59_999);
  expect(cache.get('/')).toBe(renewed);
});

test('a stale page is served while it is rendered again, for the grace period at most', async () => {
  const time = manualClock('2026-01-05T12:00:00Z');
  const cache = createPageCache({ clock: time.clock, ttlMs: 60_000, graceMs: 30_000 });
  cache.fill('/blogs', page(200, 'blogs'));
  await vi.waitFor(() => expect(cache.get('/blogs')).toBeDefined(), FILLED);
  const stale = cache.get('/blogs');
  time.advance(60_000);
  expect(cache.get('/blogs')).toBeUndefined();
  // The request that was to render it did not fill it (it failed, or was not a GET): another one may, later.
  time.advance(9_999);
  expect(cache.get('/blogs')).toBe(stale);
  time.advance(1);
  expect(cache.get('/blogs')).toBeUndefined();
  expect(cache.get('/blogs')).toBe(stale);
  time.advance(20_000);
  expect(cache.get('/blogs')).toBeUndefined();
  expect(cache.get('/blogs')).toBeUndefined();
  expect(cache.size().entries).toBe(0);
});

test('a page that holds its nonce anywhere but a nonce attribute is not kept', async () => {
  const onError = vi.fn();
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), onError });
  cache.fill('/leaky', async (nonce) => ({ status: 200, html: `<script nonce="${nonce}">var n="${nonce}"</script>` }));
  await vi.waitFor(() => expect(onError).toHaveBeenCalled());
  expect(cache.get('/leaky')).toBeUndefined();
});

test('error pages, redirects and failed renders are not kept', async () => {
  const onError = vi.fn();
  const cache = createPageCache({ clock: () => new Date(), onError });
  cache.fill('/missing', page(404, 'Page not found'));
  cache.fill('/redirect', async () => undefined);
  cache.fill('/broken', async () => {
    throw new Error('render failed');
  });
  await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('render failed')));
  for (const url of ['/missing', '/redirect', '/broken']) expect(cache.get(url)).toBeUndefined();
});

test('a not-found page is kept only where a 404 is expected, and a page that is not one is not kept there', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  // Settled before the other, which is compressed on zlib's threads once rendered.
  cache.fill('gone', page(200, 'Found after all'), { status: 404 });
  cache.fill('not-found', page(404, 'Page not found'), { status: 404 });
  await vi.waitFor(() => expect(cache.get('not-found')?.status).toBe(404), FILLED);
  expect(cache.get('gone')).toBeUndefined();
});

test('one render per URL at a time, and none while the page is fresh', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const render = vi.fn(page(200, 'blogs'));
  cache.fill('/blogs', render);
  cache.fill('/blogs', render);
  await vi.waitFor(() => expect(cache.get('/blogs')).toBeDefined(), FILLED);
  cache.fill('/blogs', render);
  expect(render).toHaveBeenCalledTimes(1);
});

test('a fill asked for while the page renders waits for that render, so a request can send the page it finds then', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const render = vi.fn(page(404, 'Page not found'));
  const first = cache.fill('not-found', render, { status: 404 });
  const second = cache.fill('not-found', render, { status: 404 });
  await second;
  expect(cache.get('not-found')?.status).toBe(404);
  await first;
  expect(render).toHaveBeenCalledTimes(1);
});

test('past its size the least recently used URL goes first', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxEntries: 2 });
  const fill = async (url: string) => {
    cache.fill(url, page(200, url));
    await vi.waitFor(() => expect(cache.get(url)).toBeDefined(), FILLED);
  };
  await fill('/a');
  await fill('/b');
  cache.get('/a');
  await fill('/c');
  expect(cache.get('/a')).toBeDefined();
  expect(cache.get('/b')).toBeUndefined();
  expect(cache.get('/c')).toBeDefined();
});

test('a render that throws at once, or a failing error report, neither escapes nor keeps the URL blocked', async () => {
  const onError = vi.fn(() => {
    throw new Error('logger down');
  });
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), onError });
  expect(() =>
    cache.fill('/', () => {
      throw new Error('render failed at once');
    }),
  ).not.toThrow();
  await vi.waitFor(() => expect(onError).toHaveBeenCalledWith(new Error('render failed at once')));
  // An unhandled rejection would fail this test run; the URL can be rendered again.
  cache.fill('/', page(200, 'home'));
  await vi.waitFor(() => expect(cache.get('/')).toBeDefined(), FILLED);
});

test('the cache holds at most maxBytes of pages in all their codings: the least recently used pages go first, by size', async () => {
  const kb = (n: number) => 'x'.repeat(n * 1024);
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxBytes: 100 * 1024 });
  const fill = async (url: string, body: string) => {
    cache.fill(url, page(200, body));
    await vi.waitFor(() => expect(cache.get(url)).toBeDefined(), FILLED);
    expect(cache.size().bytes).toBeLessThanOrEqual(100 * 1024);
  };
  for (const url of ['/a', '/b', '/c', '/d']) await fill(url, kb(20));
  expect(cache.size().entries).toBe(4);
  cache.get('/a');
  // 50 kB more than fits: /b and /c, the least recently used, make room; /a was just used.
  await fill('/e', kb(50));
  expect(['/a', '/b', '/c', '/d', '/e'].map((url) => cache.get(url) !== undefined)).toEqual([
    true,
    false,
    false,
    true,
    true,
  ]);
  // A page bigger than the whole budget is served by rendering, never kept.
  cache.fill('/huge', page(200, kb(101)));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(cache.get('/huge')).toBeUndefined();
  expect(cache.get('/e')).toBeDefined();
});

test('a thousand distinct pages never take more than the byte budget', async () => {
  const cache = createPageCache({
    clock: () => new Date('2026-01-05T12:00:00Z'),
    maxEntries: 10_000,
    maxBytes: 256 * 1024,
  });
  let most = 0;
  for (let i = 0; i < 1_000; i++) {
    cache.fill(`/p${i}`, page(200, `<main>${'y'.repeat(4_000)}${i}</main>`));
    await vi.waitFor(() => expect(cache.get(`/p${i}`)).toBeDefined(), { interval: 1, timeout: 10_000 });
    most = Math.max(most, cache.size().bytes);
  }
  expect(most).toBeLessThanOrEqual(256 * 1024);
  expect(cache.size().entries).toBeGreaterThan(50);
});
