import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures.ts';

/**
 * JavaScript a visitor's browser fetches on a marketing page before the first input: the islands' loader, its
 * modulepreloads and the islands due at once (docs/decisions/0020-marketing-pages-as-islands.md), measured as gzip
 * at level 9, each file alone. The report names each island's own chunk. Islands due when idle are left out (the
 * browser is never idle here), as are those below the first screen, which load as the visitor scrolls to them.
 */
const BUDGET_KB = 100;

for (const path of ['/', '/blogs', '/blog/why-top-agents-let-ai-handle-the-first-call', '/team', '/consent-policies']) {
  test(`${path} fetches no more JavaScript before the first input than its budget`, async ({ page }) => {
    await page.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const scripts = new Map<string, Promise<Buffer>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body());
    });
    // Returns once the islands due at once have hydrated (fixtures.ts).
    await page.goto(path);
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
      .map(({ path: file, kb }) => `${kb.toFixed(1)} KB ${file}`)
      .join('\n');
    expect(sizes.some(({ path: file }) => /^\/assets\/entry-islands-[\w-]+\.js$/.test(file))).toBe(true);
    // No router on a marketing page, and not the code of what only a click opens.
    expect(
      sizes
        .map(({ path: file }) => file)
        .filter((file) =>
          /entry-client|demo-call|live-call|call-in-progress\.|contact|booking|video|socket/.test(file),
        ),
    ).toEqual([]);
    expect(total, `${total.toFixed(1)} KB gzip before the first input:\n${report}`).toBeLessThanOrEqual(BUDGET_KB);
  });
}

/**
 * Everything a marketing page runs before its first input is asked for at once, when the page has painted: the
 * entry, the islands on every page and the page's own islands due at once (shared/islands-at-once.ts). A script the
 * page only found out it needed while booting would cost a round trip on a phone network, and another for what it
 * imports, before the first screen answers.
 */
for (const path of ['/', '/blogs', '/blog/why-top-agents-let-ai-handle-the-first-call', '/team']) {
  test(`${path} asks at once for every script it runs before the first input`, async ({ page }) => {
    await page.addInitScript(() => {
      // Islands due when idle or near the viewport are not the first screen's.
      window.requestIdleCallback = () => 0;
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return [];
        }
      } as unknown as typeof IntersectionObserver;
    });
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') fetched.push(new URL(request.url()).pathname);
    });
    // Returns once the islands due at once have hydrated (fixtures.ts).
    await page.goto(path);
    const beforeFirstInput = [...fetched];
    const askedAtOnce = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
    expect(beforeFirstInput.length).toBeGreaterThan(0);
    expect(beforeFirstInput.filter((script) => !askedAtOnce.includes(script))).toEqual([]);
  });
}

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
