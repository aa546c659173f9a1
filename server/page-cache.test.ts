import { expect, test, vi } from 'vitest';
import { manualClock } from '../tests/support/manual-clock.ts';
import { createPageCache } from './page-cache.ts';

const page = (status: number, body: string) => async (nonce: string) => ({
  status,
  html: `<script nonce="${nonce}">boot()</script><style nonce="${nonce}"></style>${body}`,
});

test('a filled page is served with the asking response nonce in every place, until it goes stale', async () => {
  const time = manualClock('2026-01-05T12:00:00Z');
  const cache = createPageCache({ clock: time.clock, ttlMs: 60_000 });
  expect(cache.get('/', 'n1')).toBeUndefined();
  cache.fill('/', page(200, '<h1>Home</h1>'));
  await vi.waitFor(() => expect(cache.get('/', 'n1')).toBeDefined());

  expect(cache.get('/', 'abc')).toEqual({
    status: 200,
    html: '<script nonce="abc">boot()</script><style nonce="abc"></style><h1>Home</h1>',
  });
  time.advance(59_999);
  expect(cache.get('/', 'x')?.html).toContain('nonce="x"');
  time.advance(1);
  expect(cache.get('/', 'x')).toBeUndefined();
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
  for (const url of ['/missing', '/redirect', '/broken']) expect(cache.get(url, 'n')).toBeUndefined();
});

test('one render per URL at a time, and none while the page is fresh', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const render = vi.fn(page(200, 'blogs'));
  cache.fill('/blogs', render);
  cache.fill('/blogs', render);
  await vi.waitFor(() => expect(cache.get('/blogs', 'n')).toBeDefined());
  cache.fill('/blogs', render);
  expect(render).toHaveBeenCalledTimes(1);
});

test('past its size the least recently used URL goes first', async () => {
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxEntries: 2 });
  const fill = async (url: string) => {
    cache.fill(url, page(200, url));
    await vi.waitFor(() => expect(cache.get(url, 'n')).toBeDefined());
  };
  await fill('/a');
  await fill('/b');
  cache.get('/a', 'n');
  await fill('/c');
  expect(cache.get('/a', 'n')).toBeDefined();
  expect(cache.get('/b', 'n')).toBeUndefined();
  expect(cache.get('/c', 'n')).toBeDefined();
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
  await vi.waitFor(() => expect(cache.get('/', 'n')).toBeDefined());
});

test('the cache holds at most maxBytes of HTML: the least recently used pages go first, by size', async () => {
  const kb = (n: number) => 'x'.repeat(n * 1024);
  const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z'), maxBytes: 100 * 1024 });
  const fill = async (url: string, body: string) => {
    cache.fill(url, page(200, body));
    await vi.waitFor(() => expect(cache.get(url, 'n')).toBeDefined());
    expect(cache.size().bytes).toBeLessThanOrEqual(100 * 1024);
  };
  for (const url of ['/a', '/b', '/c', '/d']) await fill(url, kb(20));
  expect(cache.size().entries).toBe(4);
  cache.get('/a', 'n');
  // 50 kB more than fits: /b and /c, the least recently used, make room; /a was just used.
  await fill('/e', kb(50));
  expect(['/a', '/b', '/c', '/d', '/e'].map((url) => cache.get(url, 'n') !== undefined)).toEqual([
    true,
    false,
    false,
    true,
    true,
  ]);
  // A page bigger than the whole budget is served by rendering, never kept.
  cache.fill('/huge', page(200, kb(101)));
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(cache.get('/huge', 'n')).toBeUndefined();
  expect(cache.get('/e', 'n')).toBeDefined();
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
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get(`/p${i}`, 'n')).toBeDefined();
    most = Math.max(most, cache.size().bytes);
  }
  expect(most).toBeLessThanOrEqual(256 * 1024);
  expect(cache.size().entries).toBeGreaterThan(50);
});
