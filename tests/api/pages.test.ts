import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_DIR } from '#server/pages/page-source.ts';
import { appLoadOf, headingOf, inlineTags, titleOf } from '#tests/support/html.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({}, { pages: await builtPages() });
});
afterAll(() => ctx.close());

const pages: [path: string, heading: string][] = [
  ['/', 'Your Real Estate Voice AI Partner That Never Misses A Lead.'],
  ['/blogs', 'Real-Estate Lead Conversion Insights'],
  ['/blog/best-times-to-call-real-estate-leads', 'The Best Times to Call Real-Estate Leads, From 30,000+ Calls'],
  ['/policies', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/consent-policies', 'Cookie and Consent Policy'],
  ['/analytics', 'Visitor Analytics'],
  ['/meeting-confirmation', "You're Booked! Here's What Happens Next"],
  ['/team', 'Meet the Porchlight Team'],
  ['/meet/dana-whitfield', 'Meet Dana Whitfield'],
  ['/affiliate-program', 'Porchlight Affiliate Program'],
  ['/lead-generation', 'Real-Estate Lead Generation That Gets Called in Seconds'],
  ['/about-us', 'About Porchlight'],
  ['/directory', 'Redirecting...'],
  ['/dashboard', 'Client Dashboard'],
  ['/leads', 'Lead Inbox'],
];

test.each(pages)('%s answers 200 with its heading in the server HTML', async (path, heading) => {
  const res = await request(ctx.app).get(path);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(headingOf(res.text)).toBe(heading);
  expect(titleOf(res.text)).toMatch(/Porchlight/);
});

test.each([
  ['/agent-isa', '/?source=agent-isa'],
  ['/isa-headquarters', '/?source=isa-hq'],
  ['/tracking', '/analytics'],
])('%s redirects to %s', async (path, target) => {
  const res = await request(ctx.app).get(path);
  expect(res.status).toBe(302);
  expect(res.headers.location).toBe(target);
});

test.each(['/no-such-page', '/blog/no-such-article', '/meet/nobody', '/blog'])(
  '%s answers 404 with the not-found page',
  async (path) => {
    const res = await request(ctx.app).get(path);
    expect(res.status).toBe(404);
    expect(headingOf(res.text)).toBe('Page not found');
  },
);

test('the home page carries its title, description and canonical link in the server HTML', async () => {
  const res = await request(ctx.app).get('/');
  expect(titleOf(res.text)).toBe('Porchlight');
  expect(res.text).toMatch(/<meta name="description" content="Porchlight is a voice-AI inside sales assistant/);
  expect(res.text).toContain('<link rel="canonical" href="http://localhost:3000/"/>');
});

test('every inline script and style carries the nonce of its own response', async () => {
  const nonces = new Set<string>();
  for (const path of ['/', '/blogs', '/no-such-page']) {
    const res = await request(ctx.app).get(path);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/base-uri 'self'/);
    // Only the booking calendar's inline styles are let in (tests/api/third-party-csp.test.ts); no script is.
    const loosened = csp
      .split(';')
      .filter((directive) => directive.includes('unsafe'))
      .map((directive) => directive.trim().split(' ')[0]);
    expect(loosened).toEqual(['style-src-elem', 'style-src-attr']);
    const nonce = /script-src 'self' 'nonce-([\w-]+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
    const tags = inlineTags(res.text);
    expect(tags.some((tag) => tag.startsWith('<style'))).toBe(true);
    expect(tags.some((tag) => tag.startsWith('<script'))).toBe(true);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    nonces.add(String(nonce));
  }
  expect(nonces.size).toBe(3);
});

test("a marketing page's islands loader, and an operator page's app with its page chunk, load after the first paint", async () => {
  const blogs = await request(ctx.app).get('/blogs');
  const marketing = appLoadOf(blogs.text);
  expect(marketing.modules).toHaveLength(1);
  expect(marketing.modules[0]).toMatch(/^\/assets\/entry-islands-[\w-]+\.js$/);
  expect(marketing.preloads).toContain(marketing.modules[0]);
  // Few requests while the page boots, each one costing its main thread: the islands on every page come as one chunk
  // behind one module, not a chunk of their own per island (client/islands/every-page-islands.ts).
  expect(marketing.preloads.filter((href) => /\/(site-header|page-dialogs|page-effects)-/.test(href))).toEqual([]);
  // Islands load when they are due, not with the loader; no page module is sent to the browser at all.
  expect(marketing.preloads.some((href) => /\/assets\/(blogs|entry-client)-[\w-]+\.js$/.test(href))).toBe(false);
  // Nothing in the document asks for them before the loader runs (client/app-loader.ts).
  expect(blogs.text).not.toMatch(/<script[^>]+type="module"|<link rel="modulepreload"/);
  const asset = await request(ctx.app).get(String(marketing.modules[0]));
  expect(asset.status).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  const leads = appLoadOf((await request(ctx.app).get('/leads')).text);
  expect(leads.modules[0]).toMatch(/^\/assets\/entry-client-[\w-]+\.js$/);
  expect(leads.preloads.some((href) => /^\/assets\/leads-[\w-]+\.js$/.test(href))).toBe(true);
  // The other operator pages load when they are visited.
  expect(leads.preloads.some((href) => /^\/assets\/(dashboard|analytics)-[\w-]+\.js$/.test(href))).toBe(false);
});

test('what a marketing page runs as it boots is marked for compiling as it downloads; a dialog that loads later is not', async () => {
  const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
  const { preloads } = appLoadOf((await request(ctx.app).get('/blogs')).text);
  const firstLine = async (href: string) => (await request(ctx.app).get(href)).text.slice(0, COMPILE_HINT.length);
  const marked = preloads.filter((href) =>
    /\/(entry-islands|islands|page-islands|framework|react-dom-client)-[\w-]+\.js$/.test(href),
  );
  // The entry, the islands' loader, the every-page islands, the framework and React DOM's client.
  expect(marked).toHaveLength(5);
  for (const href of marked) expect(await firstLine(href), href).toBe(COMPILE_HINT);

  const manifest: Record<string, { file: string }> = JSON.parse(
    fs.readFileSync(path.join(DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
  );
  const dialog = manifest['client/features/demo-call/demo-call-dialog.tsx']?.file;
  expect(dialog).toBeTruthy();
  expect(await firstLine(`/${dialog}`)).not.toBe(COMPILE_HINT);
});

test('the marketing pages ship no router and no page code, and the operator app no marketing page', async () => {
  type Chunk = { file: string; imports?: string[]; dynamicImports?: string[] };
  const manifest: Record<string, Chunk> = JSON.parse(
    fs.readFileSync(path.join(DIST_DIR, 'client', '.vite', 'manifest.json'), 'utf8'),
  );
  /** A chunk and everything it imports, statically and (with `dynamic`) when due: what the browser may load. */
  const closure = (dynamic: boolean, ...keys: string[]) => {
    const found = new Set<string>();
    const queue = [...keys];
    while (queue.length) {
      const key = queue.pop();
      if (!key || found.has(key)) continue;
      found.add(key);
      queue.push(...(manifest[key]?.imports ?? []), ...(dynamic ? (manifest[key]?.dynamicImports ?? []) : []));
    }
    return found;
  };
  const contents = (keys: Set<string>) =>
    [...keys].map((key) => fs.readFileSync(path.join(DIST_DIR, 'client', manifest[key]?.file ?? ''), 'utf8'));
  // Everything a marketing page can ever load: its islands and their dialogs.
  const islands = closure(true, 'client/entry-islands.tsx');
  expect([...islands].filter((key) => key.startsWith('client/routes/'))).toEqual([]);
  expect([...islands].filter((key) => key.includes('node_modules/react-router'))).toEqual([]);
  // React Router's own words, in every build of it.
  expect(contents(islands).some((text) => text.includes('in the context of a <Router>'))).toBe(false);
  expect(
    contents(closure(true, 'client/entry-client.tsx')).some((text) => text.includes('in the context of a <Router>')),
  ).toBe(true);
  // Nor a validator before interaction: the forms load zod with their own code ('invalid_type' is a zod code).
  expect(contents(closure(false, 'client/entry-islands.tsx')).some((text) => text.includes('invalid_type'))).toBe(
    false,
  );
  // The operator app holds the operator pages only.
  const app = closure(true, 'client/entry-client.tsx');
  for (const page of ['home', 'blogs', 'blog-post', 'privacy'])
    expect(app.has(`client/routes/${page}.tsx`)).toBe(false);
  for (const page of ['leads', 'analytics', 'dashboard']) expect(app.has(`client/routes/${page}.tsx`)).toBe(true);
  // React DOM's client is evaluated in a task of its own, after the loader's code: imported later in its run, not
  // statically, and fetched with the rest (client/entry-islands.tsx).
  const reactDomClient = Object.keys(manifest).find((key) => key.endsWith('node_modules/react-dom/client.js')) ?? '';
  expect(closure(false, 'client/entry-islands.tsx').has(reactDomClient)).toBe(false);
  const home = appLoadOf((await request(ctx.app).get('/')).text).preloads;
  expect(home).toContain(`/${manifest[reactDomClient]?.file}`);
  // Nor the router's state, which only the operator app reads as it hydrates.
  for (const page of ['/', '/blogs', '/privacy'])
    expect((await request(ctx.app).get(page)).text).not.toContain('__staticRouterHydrationData');
  expect((await request(ctx.app).get('/leads')).text).toContain('__staticRouterHydrationData');
});

test('a missing hashed asset is a plain 404, not a page', async () => {
  const res = await request(ctx.app).get('/assets/nothing-here.js');
  expect(res.status).toBe(404);
  expect(res.text).not.toContain('<h1>Page not found</h1>');
});

test('pages are compressed for clients that accept it', async () => {
  const res = await request(ctx.app).get('/').set('Accept-Encoding', 'gzip');
  expect(res.headers['content-encoding']).toBe('gzip');
});

test('every response has a request id, and a sane one from a proxy is kept', async () => {
  const own = await request(ctx.app).get('/healthz');
  expect(own.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const forwarded = await request(ctx.app).get('/healthz').set('X-Request-Id', 'edge-42');
  expect(forwarded.headers['x-request-id']).toBe('edge-42');
});

const decodeAttribute = (value: string) => value.replace(/&amp;/g, '&');
const normalizedCsp = (res: { headers: Record<string, unknown> }) =>
  String(res.headers['content-security-policy']).replace(/'nonce-[\w-]+'/g, "'nonce'");

test('/directory links to the configured directory in the served HTML, for a browser without scripts', async () => {
  const res = await request(ctx.app).get('/directory');
  const link = /<a href="([^"]*)">open the directory<\/a>/.exec(res.text)?.[1];
  expect(link && decodeAttribute(link)).toBe(ctx.config.directoryUrl);
});

test('/directory also redirects without scripts, escaped, under the same CSP as every page', async () => {
  // An address with a query string: its '&' must reach the browser intact, escaped in the markup.
  const directoryUrl = 'https://directory.example.test/agents?market=san-antonio&view=map';
  const other = await createTestApp({ DIRECTORY_URL: directoryUrl }, { pages: await builtPages() });
  try {
    const res = await request(other.app).get('/directory');
    const refresh = /<noscript><meta http-equiv="refresh" content="0;url=([^"]*)"\/?><\/noscript>/.exec(res.text)?.[1];
    expect(refresh).toBe('https://directory.example.test/agents?market=san-antonio&amp;view=map');
    expect(decodeAttribute(refresh ?? '')).toBe(directoryUrl);
    // Outside <noscript> there is no refresh: with scripts on, the page's own script does the redirect.
    expect(res.text.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')).not.toMatch(/http-equiv="refresh"/i);
    const blogs = await request(other.app).get('/blogs');
    expect(normalizedCsp(res)).toBe(normalizedCsp(blogs));
  } finally {
    await other.close();
  }
});
