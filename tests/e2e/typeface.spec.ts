import { expect, test } from './fixtures.ts';

test('the brand typeface comes from the site itself, preloaded, shown with swap, and moves nothing when it arrives', async ({
  page,
}) => {
  // Held back long enough that the page first paints in the fallback, as on a slow connection.
  await page.route('**/assets/*.woff2', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { __shifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        if ('value' in entry && typeof entry.value === 'number') shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');

  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveAttribute('href', /^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await page.waitForFunction(() => document.fonts.check('700 16px "Inter Variable"'));
  const face = await page.evaluate(() => {
    const inter = [...document.fonts].find((font) => font.family.replace(/"/g, '') === 'Inter Variable');
    return { display: inter?.display, status: inter?.status };
  });
  expect(face).toEqual({ display: 'swap', status: 'loaded' });
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
  // The fallback is sized to Inter's metrics: swapping faces shifts no line.
  await page.waitForTimeout(500);
  const shifted = await page.evaluate(() => {
    const shifts: unknown = Reflect.get(window, '__shifts');
    return Array.isArray(shifts) ? shifts.reduce((sum: number, shift) => sum + Number(shift), 0) : Number.NaN;
  });
  expect(shifted).toBeLessThan(0.001);
});
