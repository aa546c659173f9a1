import type { Page } from '@playwright/test';
import { launchOptions } from '../../playwright.config.ts';
import { chooseTheme, expect, expectThemeChoice, pauseClockBeforeLoad, test, untilHydrated } from './fixtures.ts';

// The back/forward cache, as a visitor's browser has it: a page left by a link is kept as it was, timers and all, and
// the back button shows it again without loading it. The headless shell the other browser tests use has none, and
// Playwright turns it off: these run in the full browser with it on
// (docs/decisions/0024-browser-tests-on-the-headless-shell.md).
test.use({
  launchOptions: {
    ...launchOptions,
    executablePath: process.env.CHROMIUM_FULL_PATH ?? '/usr/bin/chromium',
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  },
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    window.addEventListener('pageshow', (event) => {
      document.documentElement.dataset.shownFromCache = String(event.persisted);
    });
  });
});

/** Goes back, and checks the browser showed the page it kept rather than loading it again. */
async function goBackToKeptPage(page: Page) {
  await page.goBack({ waitUntil: 'commit' });
  await expect(page.locator('html'), 'shown from the back/forward cache').toHaveAttribute(
    'data-shown-from-cache',
    'true',
  );
}

test('a page shown again by the back button has the theme chosen on the next page', async ({ page }) => {
  await page.goto('/about-us');
  await chooseTheme(page, 'Dark');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Blog' }).click();
  await untilHydrated(page);
  await chooseTheme(page, 'Light');
  await goBackToKeptPage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Porchlight');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectThemeChoice(page, 'Light');
});

test('a promo popup closed on the next page is gone from the page the back button shows again', {
  tag: '@phone',
}, async ({ page }) => {
  await pauseClockBeforeLoad(page);
  await page.goto('/blogs');
  const popup = page.getByRole('complementary', { name: '50% off your first month' });
  await page.clock.runFor(15_100);
  await expect(popup).toBeVisible();
  // Left with its popup showing, and closed on the next page.
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Read More/ })
    .first()
    .click();
  await untilHydrated(page);
  await page.clock.runFor(15_100);
  await popup.getByRole('button', { name: 'Close offer' }).click();
  await expect(popup).toBeHidden();
  await goBackToKeptPage(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Estate Lead Conversion Insights');
  await expect(popup).toBeHidden();
  await page.clock.runFor(15_100);
  await expect(popup).toBeHidden();
});
