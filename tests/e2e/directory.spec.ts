import { expect, test } from './fixtures.ts';

// The configured directory (playwright.config.ts), answered here instead of on the network.
const DIRECTORY = 'https://directory.example.test/agents';

test.describe('with scripts turned off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  test('/directory still sends the browser to the directory', async ({ page }) => {
    await page.route('https://directory.example.test/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Directory</title><h1>Agent directory</h1>' }),
    );
    // No hydration to wait for without scripts.
    await page.goto('/directory', { waitUntil: 'commit' });
    await expect(page).toHaveURL(DIRECTORY);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agent directory');
  });
});
