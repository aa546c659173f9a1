import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/**
 * JavaScript a visitor's browser fetches on `/` before the first input: the entry, the modulepreloads and
 * every chunk hydration asks for (the sections below the hero), measured as gzip at level 9, each file alone.
 *
 * The goal is 100 KB (docs/product-rules.md#budgets). React with React DOM (67.5 KB), React Router's data router (30 KB) and Emotion
 * (6 KB) come to 103.5 KB by themselves, so this guards today's weight instead, with room for small changes but
 * not for a library such as socket.io-client, zod or libphonenumber slipping onto the home page's path.
 */
const BUDGET_KB = 150;

test('the home page fetches no more JavaScript before the first input than its budget', async ({ page }) => {
  // The /blogs prefetch waits for the browser to be idle, after the page is usable: left out here.
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  const scripts = new Map<string, Promise<Buffer>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
  });
  // Returns once React owns the layout and every section of the main landmark (fixtures.ts).
  await page.goto('/');
  await page.waitForLoadState('networkidle');

  const sizes = await Promise.all(
    [...scripts].map(async ([url, body]) => ({
      path: new URL(url).pathname,
      kb: gzipSync(await body, { level: 9 }).length / 1024,
    })),
  );
  const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
  const report = sizes
    .sort((a, b) => b.kb - a.kb)
    .map(({ path, kb }) => `${kb.toFixed(1)} KB ${path}`)
    .join('\n');
  expect(sizes.some(({ path }) => /^\/assets\/entry-client-[\w-]+\.js$/.test(path))).toBe(true);
  // Not the code of what only a click opens.
  expect(
    sizes
      .map(({ path }) => path)
      .filter((path) => /demo-call|live-call|call-in-progress|contact|booking|video|socket/.test(path)),
  ).toEqual([]);
  expect(total, `${total.toFixed(1)} KB gzip before the first input:\n${report}`).toBeLessThanOrEqual(BUDGET_KB);
});

/**
 * The browser's locale data loads the first time a page formats a number or a date, or compares text, with Intl:
 * 70 to 100 ms of main thread on a slow phone, one long task. The marketing pages need none of it to show and
 * hydrate (shared/number-format.ts, content/posts.ts).
 */
for (const path of ['/', '/blogs', '/blog/why-top-agents-let-ai-handle-the-first-call']) {
  test(`${path} loads no locale data until the visitor does something`, { tag: '@phone' }, async ({ page }) => {
    await page.addInitScript(() => {
      const uses: string[] = [];
      Object.assign(window, { localeDataUses: uses });
      const note = (what: string) => uses.push(`${what}: ${new Error().stack?.split('\n')[3]?.trim()}`);
      for (const name of ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat'] as const) {
        const original = Intl[name] as unknown as new (...args: unknown[]) => object;
        Object.defineProperty(Intl, name, {
          value: new Proxy(original, {
            construct(target, args) {
              note(`Intl.${name}`);
              return new target(...args);
            },
            apply(target, self, args) {
              note(`Intl.${name}`);
              return Reflect.apply(target, self, args);
            },
          }),
        });
      }
      for (const [prototype, method] of [
        [String.prototype, 'localeCompare'],
        [Number.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleString'],
        [Date.prototype, 'toLocaleDateString'],
        [Date.prototype, 'toLocaleTimeString'],
      ] as const) {
        const original = Reflect.get(prototype, method) as (...args: unknown[]) => unknown;
        Reflect.set(prototype, method, function (this: unknown, ...args: unknown[]) {
          note(method);
          return original.apply(this, args);
        });
      }
    });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { localeDataUses: string[] }).localeDataUses)).toEqual([]);
  });
}
