import { expect, test } from './fixtures.ts';

test('the header turns opaque once the page is scrolled more than 10 px', async ({ page }) => {
  await page.goto('/privacy');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-opaque', 'false');
  await page.evaluate(() => window.scrollTo(0, 8));
  await expect(header).toHaveAttribute('data-opaque', 'false');
  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header).toHaveAttribute('data-opaque', 'true');
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
});

test('the footer has the company, legal and contact links as real links', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const name of [
    'About Us',
    'Our Team',
    'Careers',
    'Blog',
    'Terms of Service',
    'Privacy Policy',
    'Cookie Policy',
  ]) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(footer.getByRole('link', { name: '(210) 555-0142' })).toHaveAttribute('href', 'tel:+12105550142');
  await expect(footer.getByRole('link', { name: 'hello@porchlight.ai' })).toHaveAttribute(
    'href',
    'mailto:hello@porchlight.ai',
  );
  await expect(footer).toContainText('San Antonio, TX');
  for (const name of ['Twitter', 'LinkedIn', 'Facebook'])
    await expect(footer.getByRole('link', { name })).toBeVisible();
  await expect(footer).toContainText('AI-powered inside sales assistant for real-estate professionals');
});

test('the theme choice survives a reload and is painted before any script of the app runs', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/about-us');
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await toggle.click(); // system → light
  await toggle.click(); // light → dark
  await expect(toggle).toHaveAccessibleName(/^Theme: Dark theme/);
  // Without the app's JavaScript, only the inline boot script can have applied the theme.
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 19, 15)');
  // The scripts were blocked on purpose; their failed loads are expected.
  pageErrors.splice(0, pageErrors.length);
});

test('the splash shows once per session at start and is gone after 800 ms', async ({ page }) => {
  await page.goto('/team', { waitUntil: 'commit' });
  const splash = page.getByTestId('splash');
  // Shown (laid out over the page) and set to fade out after 800 ms, by CSS alone.
  await expect(splash).toHaveCSS('display', 'grid');
  await expect(splash).toHaveCSS('animation-delay', '0.8s');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await expect(splash).toBeHidden({ timeout: 2000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await expect(splash).toHaveCSS('display', 'none');
});

test('changing page scrolls back to the top', async ({ page }) => {
  await page.goto('/privacy');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the header buttons open the dialog that names the step', async ({ page, isMobile }) => {
  await page.goto('/blogs');
  await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Have the AI call me' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (!isMobile) {
    await page.getByRole('button', { name: 'Book Demo' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  }
});

test.describe('compact navigation', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the drawer has the menu items minus About Us, plus Try the AI, and closes on a click', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    const links = drawer.getByRole('link');
    await expect(links).toHaveText([
      'How It Works',
      'Integrations',
      'Pricing',
      'Blog',
      'Affiliate Program',
      'Lead Generation',
    ]);
    await expect(drawer.getByRole('button', { name: 'Try the AI' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Blog' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/blogs');
  });

  test('the drawer traps focus, closes on Escape and gives focus back to the menu button', async ({ page }) => {
    await page.goto('/privacy');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('landscape phone', () => {
  test.use({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });

  test('the menu is a bottom sheet', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await page.waitForTimeout(300); // the sheet slides in
    const box = await drawer.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(390);
    expect(Math.round(box?.width ?? 0)).toBe(844);
  });
});

test('keyboard only: skip link, header and footer are reachable and work', async ({ page, isMobile }) => {
  test.skip(isMobile, 'desktop keyboard path');
  await page.goto('/privacy');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Porchlight home' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How It Works' }),
  ).toBeFocused();
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  await terms.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
});

test('the service worker registers, and a page seen once opens offline', async ({ page, context, pageErrors }) => {
  await page.goto('/about-us');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload(); // now controlled: the page passes through the worker and is kept
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  await page.goto('/lead-generation');
  await context.setOffline(true);
  await page.goto('/about-us', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Porchlight');
  await page.goto('/affiliate-program', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
  await context.setOffline(false);
  // The worker's own network attempts fail while offline, and the browser reports each one.
  const unexpected = pageErrors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'));
  pageErrors.splice(0, pageErrors.length, ...unexpected);
});
