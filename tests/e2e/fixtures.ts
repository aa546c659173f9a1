import { test as base, expect, type Page } from '@playwright/test';

/** Every browser test fails on a console error, an uncaught exception or a request leaving this machine. */
export const test = base.extend<{ pageErrors: string[] }>({
  // Navigations wait for hydration, as a visitor waits for a page to respond; `waitUntil: 'commit'` opts out.
  // The app marks `<html data-hydrated>` once the page answers its first input, sections that hydrate when
  // their code arrives included (client/components/hydration-signal.tsx).
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit')
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
      return response;
    };
    await use(page);
  },
  pageErrors: [
    async ({ page, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        // The browser reports a document answered with 404 (the not-found page) as a failed load.
        const notFoundDocument = message.location().url === page.url() && message.text().includes('status of 404');
        if (!notFoundDocument) errors.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
      const origin = new URL(baseURL ?? 'http://localhost').origin;
      await page.route(
        (url) => url.origin !== origin,
        (route) => {
          errors.push(`outbound request: ${route.request().url()}`);
          return route.abort();
        },
      );
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Stops the page's clock a second ahead of the page's own now, so timers then advance only when the test
 * says (`page.clock.runFor`); a clock left running with real time makes timing assertions race a busy machine.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}
