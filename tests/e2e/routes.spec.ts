import { expect, test, untilHydrated, untilLaidOut } from './fixtures.ts';

const pages: [path: string, heading: string][] = [
  ['/', 'Your Real Estate Voice AI Partner That Never Misses A Lead.'],
  ['/blogs', 'Real-Estate Lead Conversion Insights'],
  ['/blog/real-estate-call-scripts-that-work', 'Real-Estate Call Scripts That Work (and Why They Work)'],
  ['/policies', 'Terms of Service'],
  ['/privacy', 'Privacy Policy'],
  ['/consent-policies', 'Cookie and Consent Policy'],
  ['/analytics', 'Visitor Analytics'],
  ['/meeting-confirmation', "You're Booked! Here's What Happens Next"],
  ['/team', 'Meet the Porchlight Team'],
  ['/meet/marcus-ortega', 'Meet Marcus Ortega'],
  ['/affiliate-program', 'Porchlight Affiliate Program'],
  ['/lead-generation', 'Real-Estate Lead Generation That Gets Called in Seconds'],
  ['/about-us', 'About Porchlight'],
  ['/dashboard', 'Client Dashboard'],
  ['/this-page-does-not-exist', 'Page not found'],
];

for (const [path, heading] of pages) {
  test(`${path} shows "${heading}"`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page).toHaveTitle(/Porchlight/);
  });
}

test('the source-tag routes land on the home page with their tag', async ({ page }) => {
  await page.goto('/agent-isa');
  await expect(page).toHaveURL('/?source=agent-isa');
  await page.goto('/isa-headquarters');
  await expect(page).toHaveURL('/?source=isa-hq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Never Misses A Lead/);
});

test('/tracking lands on the analytics page', async ({ page }) => {
  await page.goto('/tracking');
  await expect(page).toHaveURL('/analytics');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Visitor Analytics');
});

test('/directory says Redirecting... and sends the browser to the directory', async ({ page, pageErrors }) => {
  await page.unrouteAll();
  await page.route('https://directory.example.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Directory</title><h1>Agent directory</h1>' }),
  );
  await page.goto('/directory', { waitUntil: 'commit' });
  await expect(page).toHaveURL('https://directory.example.test/agents');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Agent directory');
  expect(pageErrors).toEqual([]);
});

test('following a link loads the next page, and its islands answer at once', async ({ page }) => {
  // Returns once the page is hydrated (fixtures.ts). Marketing pages load as documents from the page cache
  // (docs/decisions/0020-marketing-pages-as-islands.md).
  await page.goto('/');
  // The footer is reached at a jump: until the sections above have their real heights, it moves under the click.
  await untilLaidOut(page);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await untilHydrated(page);
  await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});
