import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const footer = (page: Page) => page.getByRole('contentinfo');

test('the footer carries the brand mark, the tagline and a © line with the year the site was built', {
  tag: '@phone',
}, async ({ page }) => {
  // A browser whose clock says another year: the line keeps the server's year, and hydrating it changes nothing
  // (a mismatch would be a console error, which fails the test).
  await page.clock.setFixedTime(new Date('2031-06-01T12:00:00Z'));
  const served = await (await page.request.get('/privacy')).text();
  const year = served.match(/© (\d{4}) Porchlight\. All rights reserved\./)?.[1];
  expect(year).toMatch(/^20\d\d$/);
  expect(year).not.toBe('2031');
  await page.goto('/privacy');
  await expect(footer(page).getByText(`© ${year} Porchlight. All rights reserved.`)).toBeVisible();
  await expect(footer(page).locator('svg').first()).toBeVisible();
  await expect(
    footer(page).getByText('The AI-powered inside sales assistant for real-estate professionals.'),
  ).toBeVisible();
});

test('the social links are the brands’ marks, each named for a screen reader', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/privacy');
  const profiles = [
    ['Porchlight on X (Twitter)', 'https://twitter.com/porchlightai'],
    ['Porchlight on LinkedIn', 'https://www.linkedin.com/company/porchlight-ai'],
    ['Porchlight on Facebook', 'https://www.facebook.com/porchlightai'],
  ] as const;
  for (const [name, href] of profiles) {
    const link = footer(page).getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link.locator('svg')).toBeVisible();
    // An icon, not a word: a round button the size of a fingertip.
    const box = await link.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(48);
    expect(box?.height).toBeLessThanOrEqual(48);
  }
});

test('on a phone the Company and Legal links sit side by side', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/privacy');
  // Both at one moment: the page's parts above are laid out while the browser is idle, and move the footer.
  const [company, legal] = await footer(page).evaluate((element) =>
    ['Company', 'Legal'].map((name) => element.querySelector(`nav[aria-label="${name}"]`)?.getBoundingClientRect()),
  );
  expect(company && legal).toBeTruthy();
  if (!company || !legal) return;
  expect(legal.y).toBeCloseTo(company.y, 0);
  expect(legal.x).toBeGreaterThanOrEqual(company.x + company.width);
});

test('the footer columns share one rhythm: the same gap between links in each', async ({ page }) => {
  await page.goto('/privacy');
  const gaps = await footer(page).evaluate((element) =>
    [...element.querySelectorAll('nav ul, address ul')].map((list) => {
      const items = [...list.children].map((item) => item.getBoundingClientRect());
      return items.slice(1).map((item, index) => Math.round(item.top - (items[index]?.bottom ?? 0)));
    }),
  );
  expect(gaps).toHaveLength(3);
  expect(new Set(gaps.flat()).size).toBe(1);
});
