import { axeFindings, expect, test, themeChosenBefore, untilLaidOut } from './fixtures.ts';

// WCAG 2.0, 2.1 and 2.2 at levels A and AA: what axe can decide by itself on each public page.
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const PAGES = [
  { path: '/', heading: 'Your Real Estate Voice AI Partner That Never Misses A Lead.' },
  { path: '/blogs', heading: 'Real-Estate Lead Conversion Insights' },
  { path: '/blog/why-top-agents-let-ai-handle-the-first-call', heading: 'Why Top Agents Let AI Handle the First Call' },
  { path: '/about-us', heading: 'About Porchlight' },
  { path: '/privacy', heading: 'Privacy Policy' },
  { path: '/no-such-page', heading: 'Page not found' },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    // Light follows the system; dark is the visitor's stored choice overriding a light system, so both
    // ways of choosing a theme are checked (Lighthouse checks the system's dark).
    test.use({ colorScheme: 'light' });
    test.beforeEach(async ({ page, baseURL }) => {
      if (theme === 'dark') await themeChosenBefore(page, baseURL, 'dark');
    });

    for (const { path, heading } of PAGES) {
      test(`${path} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        if (theme === 'dark') await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        else await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'dark');
        // Sections that load as they come near are checked too.
        await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
        if (path === '/') await expect(page.locator('#learn-more-title')).toBeVisible();
        await page.evaluate(() => window.scrollTo(0, 0));
        await expect(page.getByTestId('splash')).toBeHidden();
        await untilLaidOut(page);
        expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
      });
    }
  });
}

test.describe('compact navigation', { tag: '@phone' }, () => {
  test('the open drawer has no violations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('splash')).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    expect(await axeFindings(page, { tags: WCAG_AA })).toEqual([]);
  });
});
