import { fakeCalEmbed } from './fake-cal.ts';
import { expect, test, untilCached } from './fixtures.ts';

// The server keeps each page once rendered and sends it again with no nonce: its CSP allows the page's inline
// scripts and styles by hash instead (docs/decisions/0005-page-cache-and-csp.md). A script or style the policy
// refused would be a console error, which fails the test.
test('a page from the page cache runs under its hash-based policy: boot script, hydration, run-time styles, dialogs', {
  tag: '@phone',
}, async ({ page, request }) => {
  await untilCached(request, '/blogs');
  await fakeCalEmbed(page);
  const response = await page.goto('/blogs');
  const policy = String(response?.headers()['content-security-policy']);
  expect(policy).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+ /);
  expect(policy).not.toContain("'nonce-");
  expect(await response?.text()).not.toContain('nonce');

  // The boot script ran before paint, and React hydrated (the fixture waits for it).
  await expect(page.locator('html')).toHaveClass(/\bjs\b/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A dialog's code and styles arrive after hydration: its styles are added while the page runs.
  await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Have the AI call me' });
  await expect(dialog).toBeVisible();
  // Rounded by its Emotion class, not by the browser's own dialog style.
  expect(await dialog.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).not.toBe('0px');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test.describe('with scripts turned off', () => {
  test.use({ javaScriptEnabled: false });

  // The cached page is rendered whole, so React has no reason to send a section hidden and move it into place
  // from a script later (client/entry-server.tsx): that would leave it hidden here.
  test('the cached home page shows every section where it belongs', async ({ page, request }) => {
    await untilCached(request, '/');
    // No hydration to wait for without scripts.
    await page.goto('/', { waitUntil: 'commit' });
    const main = page.getByRole('main');
    const headings = [
      'From new lead to booked appointment, without you lifting a finger',
      'Works with the CRM you already run',
      'An inside sales agent that never sleeps, forgets or calls late',
      'Built to call people the right way',
      'Pay for the leads you get, not for seats',
      'What happens when every lead gets a fast first touch',
      'Ideas for converting more of your leads',
      'Questions agents ask us',
      'Hear It Call You, Then Decide',
    ];
    for (const name of headings) await expect(main.getByRole('heading', { level: 2, name })).toBeVisible();
    // In the order the page lists them.
    expect(await main.getByRole('heading', { level: 2 }).allTextContents()).toEqual(headings);
  });
});
