import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { brandFontUnicodeRange, inBrandFont } from '#client/styles/brand-font-subset.ts';
import { DIST_DIR } from '#server/pages/page-source.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp({}, { pages: await builtPages() });
});
afterAll(() => ctx.close());

/** The text a visitor reads on a page: no scripts, styles or tags, entities decoded. */
function visibleText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&(amp|lt|gt|quot|nbsp);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"' })[name] ?? ' ');
}

/** The text the page's styles draw: every quoted `content` value, CSS escapes decoded. */
function drawnByStyles(html: string): string {
  const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('\n');
  return [...styles.matchAll(/content:\s*(['"])(.*?)\1/g)]
    .map((m) => m[2] ?? '')
    .join('')
    .replace(/\\([0-9a-f]{1,6})\s?/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)));
}

// A character the font lacks sends the browser through the system's fonts for one that has it: a visitor sees
// another typeface, and the lookup was about half the time the home page's section that drew '✓' took to lay out.
test('every character of every page in the sitemap, and every one its styles draw, is in the brand font the site ships', async () => {
  const sitemap = (await request(ctx.app).get('/sitemap.xml')).text;
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '/').pathname);
  expect(paths.length).toBeGreaterThan(10);
  const missing = new Map<string, string>();
  for (const pagePath of paths) {
    const res = await request(ctx.app).get(pagePath);
    expect(res.status).toBe(200);
    for (const character of visibleText(res.text) + drawnByStyles(res.text)) {
      if (!/\s/.test(character) && !inBrandFont(character)) missing.set(character, pagePath);
    }
  }
  expect(Object.fromEntries(missing)).toEqual({});
});

test('the preloaded font is the cut-down file the @font-face names, with the same character range', async () => {
  const html = (await request(ctx.app).get('/')).text;
  const href = /<link rel="preload" href="(\/assets\/inter-latin-wght-normal-[\w-]+\.woff2)" as="font"/.exec(html)?.[1];
  expect(href).toBeDefined();
  // Compared without white space, which CSS does not read here.
  const css = html.replace(/\s+/g, '');
  expect(css).toContain(`src:url(${href})format('woff2-variations')`);
  expect(css).toContain(`unicode-range:${brandFontUnicodeRange().replace(/\s+/g, '')};`);
  const font = await request(ctx.app).get(String(href)).buffer(true);
  expect(font.status).toBe(200);
  expect(font.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  // woff2 signature, and much smaller than the package's whole Latin file every first visit used to preload.
  const body: Buffer = font.body;
  expect(body.subarray(0, 4).toString('latin1')).toBe('wOF2');
  const packaged = fs.statSync(
    createRequire(import.meta.url).resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
  ).size;
  expect(body.length).toBeLessThan(packaged * 0.7);
  expect(fs.existsSync(path.join(DIST_DIR, 'client', String(href)))).toBe(true);
});
