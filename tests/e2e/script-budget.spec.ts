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
  expect(sizes.map(({ path }) => path).filter((path) => /demo-call|contact|booking|video|socket/.test(path))).toEqual(
    [],
  );
  expect(total, `${total.toFixed(1)} KB gzip before the first input:\n${report}`).toBeLessThanOrEqual(BUDGET_KB);
});
