import { createStaticHandler, type RouteObject } from 'react-router';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { routes } from '#client/routes.tsx';
import { createPageCache } from '#server/pages/page-cache.ts';
import { OPERATOR_PAGE_PATHS } from '#shared/operator-pages.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

const YOUTUBE = 'https://www.youtube-nocookie.com';
const CALENDAR = 'https://app.cal.com';

/** The Permissions-Policy of a response as feature -> allowlist. */
function permissionsOf(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = res.headers['permissions-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(',')
      .map((entry) => {
        const match = /^\s*([a-z-]+)=\(([^)]*)\)\s*$/.exec(entry);
        if (!match?.[1]) throw new Error(`not a structured policy entry: ${entry}`);
        return [match[1], match[2]?.split(' ').filter(Boolean) ?? []];
      }),
  );
}

/** The CSP of a response as directive -> sources, the nonce (or a cached page's hashes) written `<inline>`. */
function cspOf(res: { headers: Record<string, unknown> }): Record<string, string[]> {
  const inline = (source: string) => /^'(nonce|sha256)-/.test(source);
  return Object.fromEntries(
    String(res.headers['content-security-policy'])
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [
        name,
        [...new Set(sources.map((source) => (inline(source) ? '<inline>' : source)))],
      ]),
  );
}

async function app(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env, { pages: await builtPages() });
  open.push(ctx);
  return ctx.app;
}

/** Every third party configured, so that a page that names none of them does so by its own policy. */
const ALL_THIRD_PARTIES = { PROMO_VIDEO_ID: 'dQw4w9WgXcQ', META_PIXEL_ID: '123456789012345' };

/**
 * What the operator pages get: their own origin alone, scripts and styles by nonce (or, cached, by hash), no
 * inline style any other way, no frame, no media, no `data:` image. Test mode is not production, so Vite's
 * hot-reload socket (ws:) is allowed too.
 */
const OPERATOR_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'", '<inline>'],
  'style-src': ["'self'", '<inline>'],
  'img-src': ["'self'"],
  'font-src': ["'self'"],
  'connect-src': ["'self'", 'ws:'],
  'media-src': ["'none'"],
  'frame-src': ["'none'"],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

test('every kind of response turns off the powerful features the site does not use', async () => {
  const site = await app();
  const responses = await Promise.all([
    request(site).get('/'),
    request(site).get('/no-such-page'),
    request(site).get('/robots.txt'),
    request(site).get('/healthz'),
    request(site).get('/assets/nothing-here.js'),
    request(site).get('/api/nothing'),
    request(site).post('/api/contact').send({}),
  ]);
  for (const res of responses) {
    const policy = permissionsOf(res);
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'usb',
      'serial',
      'hid',
      'midi',
      'display-capture',
      'browsing-topics',
      'publickey-credentials-get',
      'xr-spatial-tracking',
    ]) {
      expect(policy.get(feature), `${feature} on ${res.request.url}`).toEqual([]);
    }
  }
});

test('the promo video may autoplay, go full screen and picture-in-picture here, and in the YouTube embed when one is set', async () => {
  const withoutEmbed = permissionsOf(await request(await app()).get('/'));
  for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
    expect(withoutEmbed.get(feature)).toEqual(['self']);
  }

  const withEmbed = permissionsOf(await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/'));
  // What the embed's iframe asks for in its `allow` attribute (client/features/promos/video-dialog.tsx).
  for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
    expect(withEmbed.get(feature)).toEqual(['self', `"${YOUTUBE}"`]);
  }
});

test("payment is left only to the booking calendar's frame, which asks for it", async () => {
  const policy = permissionsOf(await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/'));
  expect(policy.get('payment')).toEqual(['self', `"${CALENDAR}"`]);
});

test('every origin a feature is handed to may also be framed, and no other is named', async () => {
  const res = await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/');
  const frameSrc =
    String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'frame-src')
      ?.slice(1) ?? [];
  const named = [...permissionsOf(res).values()].flat().filter((source) => source !== 'self');
  expect(named.length).toBeGreaterThan(0);
  for (const source of named) expect(frameSrc).toContain(source.replaceAll('"', ''));
});

test('the operator pages get their own origin alone: no booking calendar, no inline styles, no frames or media', async () => {
  const site = await app(ALL_THIRD_PARTIES);
  for (const path of OPERATOR_PAGE_PATHS) {
    const res = await request(site).get(path);
    // /tracking sends to /analytics.
    expect([path, res.status]).toEqual([path, path === '/tracking' ? 302 : 200]);
    expect(cspOf(res), path).toEqual(OPERATOR_CSP);
    // Every feature stays with this origin: no frame to hand one to.
    expect(new Set([...permissionsOf(res).values()].flat()), path).toEqual(new Set(['self']));
  }
  // The marketing pages keep what their third parties need.
  const home = cspOf(await request(site).get('/'));
  expect(home['style-src-elem']).toEqual(["'self'", "'unsafe-inline'"]);
  expect(home['frame-src']).toEqual([YOUTUBE, CALENDAR]);
});

test('an operator page served from the page cache keeps the narrower policy, with hashes for the nonce', async () => {
  const pageCache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
  const ctx = await createTestApp(ALL_THIRD_PARTIES, { pages: await builtPages(), pageCache });
  open.push(ctx);
  for (const path of ['/leads', '/dashboard', '/analytics']) {
    const first = await request(ctx.app).get(path);
    expect(first.status).toBe(200);
    await vi.waitFor(() => expect(pageCache.get(path)).toBeDefined(), { timeout: 10_000 });
    const cached = await request(ctx.app).get(path);
    expect(cached.headers.etag, path).toBeDefined();
    expect(String(cached.headers['content-security-policy'])).not.toContain("'nonce-");
    expect(cspOf(cached), path).toEqual(OPERATOR_CSP);
    expect(cached.headers['permissions-policy']).toBe(first.headers['permissions-policy']);
  }
});

test('every operator page of the route table, and every path that sends to one, is in the narrower policy', async () => {
  const pages = routes[0]?.children?.find((route) => route.id === 'pages')?.children ?? [];
  const isOperator = (route: RouteObject) => Reflect.get(Object(route.handle), 'operator') === true;
  // The routes that only redirect have a loader and no module of their own.
  const handler = createStaticHandler(routes);
  const redirectOf = async ({ path, loader, lazy }: RouteObject) => {
    if (!path || !loader || lazy) return null;
    const answer = await handler.query(new Request(`http://localhost/${path}`));
    return answer instanceof Response ? answer.headers.get('location') : null;
  };
  const operatorPaths: string[] = [];
  for (const route of pages) if (isOperator(route)) operatorPaths.push(`/${route.path}`);
  expect(operatorPaths.length).toBe(3);
  for (const route of pages) {
    const location = await redirectOf(route);
    if (location && operatorPaths.includes(location)) operatorPaths.push(`/${route.path}`);
  }
  expect([...OPERATOR_PAGE_PATHS].sort()).toEqual(operatorPaths.sort());
});
