import { devices, type Locator, type Page } from '@playwright/test';
import { builtChunkUrl } from '#tests/support/built-assets.ts';
import { fakeCalEmbed } from './fake-cal.ts';
import { chooseTheme, expect, expectThemeChoice, openWithChunkHeld, pauseClock, test } from './fixtures.ts';

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

test('the header turns opaque once the page is scrolled more than 10 px', async ({ page }) => {
  await page.goto('/privacy');
  const header = page.getByRole('banner');
  await expect(header).toHaveAttribute('data-opaque', 'false');
  const transparent = await header.evaluate((el) => getComputedStyle(el).backgroundColor);
  await page.evaluate(() => window.scrollTo(0, 10));
  await expect(header).toHaveAttribute('data-opaque', 'false');
  await page.evaluate(() => window.scrollTo(0, 12));
  await expect(header).toHaveAttribute('data-opaque', 'true');
  // Its background fades in: wait for the transition's end colour, fully opaque.
  await expect
    .poll(() => header.evaluate((el) => getComputedStyle(el).backgroundColor))
    .toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  expect(transparent).not.toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute('data-opaque', 'false');
});

test.describe('with scripts turned off', { tag: '@phone' }, () => {
  test.use({ javaScriptEnabled: false });

  test('the header is opaque, so the text scrolled under it does not show through', async ({ page }) => {
    // No hydration to wait for without scripts.
    await page.goto('/privacy', { waitUntil: 'commit' });
    await expect
      .poll(() => page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor))
      .toMatch(/^rgb\(\d+, \d+, \d+\)$/);
  });

  test('the menu opens and closes, and its links lead to their pages', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/privacy', { waitUntil: 'commit' });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menuButton.click();
    await expect(menu).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await menuButton.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    // The pages only the menu links to on a phone.
    await menuButton.click();
    await menu.getByRole('link', { name: 'Lead Generation' }).click();
    await expect(page).toHaveURL('/lead-generation');
    await menuButton.click();
    await menu.getByRole('link', { name: 'Affiliate Program' }).click();
    await expect(page).toHaveURL('/affiliate-program');
  });
});

test('the footer has the company, legal and contact links as real links', { tag: '@phone' }, async ({ page }) => {
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
  await expect(
    footer.getByRole('link', { name: /110 E Houston St, Suite 700\s*San Antonio, TX 78205/ }),
  ).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=110%20E%20Houston%20St%2C%20Suite%20700%2C%20San%20Antonio%2C%20TX%2078205',
  );
  for (const name of ['Twitter', 'LinkedIn', 'Facebook'])
    await expect(footer.getByRole('link', { name })).toBeVisible();
  await expect(footer).toContainText('AI-powered inside sales assistant for real-estate professionals');
});

test('the theme choice survives a reload and is painted before any script of the app runs', { tag: '@phone' }, async ({
  page,
  pageErrors,
}) => {
  await page.goto('/about-us');
  await chooseTheme(page, 'Dark');
  // Without the app's JavaScript: the page comes from the server with the theme set.
  const blocked = new Set<string>();
  await page.route('**/assets/*.js', (route) => {
    blocked.add(route.request().url());
    return route.abort();
  });
  // The loader's modulepreload links report their failed loads from the document.
  const expected: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('net::ERR_FAILED'))
      expected.push(`console: ${message.text()}`);
  });
  // Never hydrates: its code is blocked.
  await page.reload({ waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background).toBe('rgb(20, 19, 15)');
  // Its theme control already names the choice: the server rendered it so.
  await expect(page.locator('button[aria-label^="Theme:"]').first()).toHaveAttribute(
    'aria-label',
    /^Theme: Dark theme/,
  );
  // The page asks for its code once painted, and gets none.
  await expect.poll(() => blocked.size).toBeGreaterThan(0);
  await expect.poll(() => expected.length).toBeGreaterThanOrEqual(blocked.size);
  // The failed loads of the scripts blocked on purpose are expected; any other error still fails the test.
  for (const error of expected) {
    const index = pageErrors.indexOf(error);
    if (index >= 0) pageErrors.splice(index, 1);
  }
});

test('the splash shows when the visitor arrives, is gone after 800 ms, and not again on a reload or the next page', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/team', { waitUntil: 'commit' });
  const splash = page.getByTestId('splash');
  // Shown (laid out over the page) and set to fade out after 800 ms, by CSS alone.
  await expect(splash).toHaveCSS('display', 'grid');
  await expect(splash).toHaveCSS('animation-delay', '0.8s');
  // Its bar fills in eight steps over those 800 ms: eight frames to draw while the page boots, not one per refresh.
  const bar = await splash.locator('.bar').evaluate((element) => {
    const style = getComputedStyle(element, '::after');
    return [style.animationDuration, style.animationTimingFunction];
  });
  expect(bar).toEqual(['0.8s', 'steps(8, start)']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await expect(splash).toBeHidden({ timeout: 2000 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await expect(splash).toHaveCSS('display', 'none');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect(splash).toHaveCSS('display', 'none');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meet the Porchlight Team');
  await expect(splash).toHaveCSS('display', 'none');
  // Nor on a page of ours opened in a new tab from another of ours.
  const tab = await page.context().newPage();
  await tab.goto('/privacy', { referer: page.url(), waitUntil: 'commit' });
  await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
  await expect(tab.getByTestId('splash')).toHaveCSS('display', 'none');
});

for (const { held, when } of [
  { held: 'client/islands/every-page-islands.ts', when: 'before its code has arrived' },
  { held: 'client/entry-islands.tsx', when: "before any of the page's code has run" },
]) {
  test(`the menu opens at the first tap ${when}, and what it holds answers once the code is there`, {
    tag: '@phone',
  }, async ({ page }) => {
    // The header's code, or the islands' entry, is held back: the page shows, and its menu is the browser's own.
    const { release } = await openWithChunkHeld(page, '/about-us', held);
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menuButton.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Pricing', exact: true })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    // Its Try the AI needs the page's code: the tap is kept, and answered once the code has come.
    await menuButton.click();
    await menu.getByRole('button', { name: 'Try the AI' }).click();
    release();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Have the AI call me' })).toBeVisible();
  });
}

test("a tap on a button outside every island, before the dialogs' code has arrived, opens its dialog", {
  tag: '@phone',
}, async ({ page }) => {
  // "Contact Us" on /about-us is plain server HTML; the page's dialog island answers it, and its code is held.
  const { release } = await openWithChunkHeld(page, '/about-us', 'client/islands/every-page-islands.ts');
  await page.getByRole('main').getByRole('button', { name: 'Contact Us' }).click();
  const dialog = page.getByRole('dialog', { name: 'Get a call from our AI assistant' });
  await expect(dialog).toBeHidden();
  release();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('First Name')).toBeVisible();
});

test("taps on the header's Try the AI while the page's islands hydrate open one dialog and keep the page's HTML", {
  tag: '@desktop',
}, async ({ page }) => {
  // On a slow phone the header's island may hydrate a moment before the dialogs' one, and a visitor tapping again
  // and again can land in between. A script in the page taps from the moment the header's button is hydrated (React
  // marks such an element with a property of its own) until the dialogs' island is; a slowed CPU widens that. The
  // dialogs' island must still hydrate on the server's HTML (React reports a mismatch as a page error, which fails
  // the test), then show the dialog asked for.
  await page.addInitScript(() => {
    const hydrated = (element: Element | null) =>
      element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
    const channel = new MessageChannel();
    let taps = 0;
    const poll = () => {
      const tryTheAi = [...document.querySelectorAll('header button')].find((b) => b.textContent === 'Try the AI');
      if (hydrated(document.querySelector('ol[aria-label="Notifications"]'))) {
        document.documentElement.dataset.taps = String(taps);
        return;
      }
      if (tryTheAi instanceof HTMLElement && hydrated(tryTheAi)) {
        taps++;
        tryTheAi.click();
      }
      channel.port2.postMessage(null);
    };
    channel.port1.onmessage = poll;
    document.addEventListener('DOMContentLoaded', poll);
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-taps', /^[1-9]/);
  await expect(page.getByRole('dialog', { name: 'Have the AI call me' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test("when the header's code cannot load, its links still go where they say", { tag: '@desktop' }, async ({
  page,
  pageErrors,
}) => {
  const headerChunk = builtChunkUrl('client/islands/every-page-islands.ts');
  await page.route(
    (url) => url.pathname === headerChunk,
    (route) => route.abort(),
  );
  const gaveUp = page.waitForEvent('console', (message) => message.text().includes('island could not load'));
  await page.goto('/about-us', { waitUntil: 'commit' });
  await gaveUp;
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Estate Lead Conversion Insights');
  // The failed loads caused on purpose are expected; any other error still fails the test.
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (pageErrors[i]?.includes('net::ERR_FAILED')) pageErrors.splice(i, 1);
  }
});

test("a link tapped while the header's code is on its way goes where it says when that code fails", {
  tag: '@desktop',
}, async ({ page, pageErrors }) => {
  const { fail } = await openWithChunkHeld(page, '/about-us', 'client/islands/every-page-islands.ts');
  // The islands' entry has run and taken over the clicks from the inline script (client/islands/early-clicks.ts).
  await page.waitForFunction(() => !('__takeEarlyClicks' in window));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Blog' }).click();
  // Held for the header, which is not there yet.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Porchlight');
  fail();
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Real-Estate Lead Conversion Insights');
  for (let i = pageErrors.length - 1; i >= 0; i--) {
    if (pageErrors[i]?.includes('net::ERR_FAILED')) pageErrors.splice(i, 1);
  }
});

test('changing page scrolls back to the top', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/privacy');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the header buttons open the dialog that names the step', async ({ page, isMobile }) => {
  await fakeCalEmbed(page);
  await page.goto('/blogs');
  await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
  const dialog = page.getByRole('dialog', { name: 'Have the AI call me' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  if (!isMobile) {
    await page.getByRole('button', { name: 'Book Demo' }).click();
    await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
  }
});

// The widths where the header's links and buttons compete for room (phones end at 768 px).
for (const { width, height } of [
  { width: 800, height: 1000 },
  { width: 1024, height: 768 },
  { width: 1100, height: 700 },
  { width: 1280, height: 800 },
]) {
  test(`${width}×${height}: the header fits the screen, and both calls to action are wholly on it`, {
    tag: '@desktop',
  }, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto('/privacy');
    const banner = page.getByRole('banner');
    // Visible is not enough: a row that overflows is clipped by the screen's edge, not hidden.
    expect(await banner.evaluate((el) => el.scrollWidth)).toBeLessThanOrEqual(width);
    for (const name of ['Try the AI', 'Book Demo']) {
      const box = await banner.getByRole('button', { name }).boundingBox();
      if (!box) throw new Error(`${name} has no box`);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    }
  });
}

test.describe('compact navigation', { tag: '@phone' }, () => {
  test('the drawer has the menu items minus About Us, plus both calls to action, and closes on a click', async ({
    page,
  }) => {
    await page.goto('/privacy');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Book Demo' })).toBeHidden();
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
    // The header has no room for Book Demo on a phone, so the drawer offers it.
    await expect(drawer.getByRole('button', { name: 'Book Demo' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Blog' }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL('/blogs');
    // Its Try the AI closes the drawer and opens the demo-call dialog.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Try the AI' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Have the AI call me' })).toBeVisible();
    await page.keyboard.press('Escape');
    // And its Book Demo opens the calendar.
    await fakeCalEmbed(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.getByRole('button', { name: 'Book Demo' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
  });

  test('the drawer traps focus, closes on Escape and gives focus back to the menu button', async ({ page }) => {
    await page.goto('/privacy');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await tabTo(page, menuButton);
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

test.describe('landscape phone', { tag: '@phone' }, () => {
  test.use({ viewport: { width: 844, height: 390 } });

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
    // The compact menu leaves About Us to the footer, held either way.
    await expect(drawer.getByRole('link', { name: 'About Us' })).toBeHidden();
    await expect(drawer.getByRole('button', { name: 'Book Demo' })).toBeVisible();
  });
});

test('keyboard only: skip link, header and footer are reachable and work', { tag: '@desktop' }, async ({ page }) => {
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
  // The theme toggle and both calls to action answer Enter.
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  await tabTo(page, toggle);
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAccessibleName(/^Theme: Light theme/);
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const tryTheAi = page.getByRole('banner').getByRole('button', { name: 'Try the AI' });
  await tabTo(page, tryTheAi);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Have the AI call me' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tryTheAi).toBeFocused();
  // On through the page to the footer, and a footer link by Enter.
  const terms = page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service' });
  await tabTo(page, terms, { max: 120 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
});

test.describe('with the service worker', { tag: '@phone' }, () => {
  // Every other browser test runs without it (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

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

  /** The version the current build's worker names its caches with. */
  async function workerVersion(page: Page) {
    const source = await (await page.request.get('/sw.js')).text();
    const version = /const VERSION = '([0-9a-f]+)'/.exec(source)?.[1];
    if (!version) throw new Error('no version in /sw.js');
    return version;
  }

  /** Every URL held in any of the page's caches. */
  function cachedUrls(page: Page) {
    return page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) urls.push(request.url);
      }
      return urls;
    });
  }

  test('the service worker keeps only its own version of the caches, with the build precached and no API answers', {
    tag: '@phone',
  }, async ({ page }) => {
    const version = await workerVersion(page);
    // Caches an older worker left behind, made before this one installs (the offline page runs no app code).
    await page.goto('/offline.html', { waitUntil: 'commit' });
    await page.evaluate(async () => {
      await (await caches.open('assets-0123456789ab')).put('/assets/old.js', new Response('old'));
      await caches.open('pages-0123456789ab');
    });
    await page.goto('/about-us');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await expect.poll(() => page.evaluate(() => caches.keys())).toEqual(expect.arrayContaining([`assets-${version}`]));
    await expect
      .poll(async () => (await page.evaluate(() => caches.keys())).every((key) => key.endsWith(`-${version}`)))
      .toBe(true);

    // The page's own script, a hashed asset of this build, is in the cache before anything asks for it again.
    const entry = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="modulepreload"][href*="/entry-islands-"]')?.href,
    );
    expect(entry).toMatch(/\/assets\/entry-islands-[\w-]+\.js$/);
    expect(await cachedUrls(page)).toContain(entry);

    // API answers pass through untouched, whether the page fetches them or the visitor opens one.
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    const session = await page.evaluate(() => fetch('/api/session').then((response) => response.status));
    expect(session).toBe(200);
    await page.goto('/api/session', { waitUntil: 'commit' });
    await expect(page.locator('body')).toContainText('roles');
    await page.goto('/privacy');
    const cached = await cachedUrls(page);
    expect(cached.some((url) => url.endsWith('/privacy'))).toBe(true);
    expect(cached.filter((url) => /\/(api|socket\.io)\//.test(new URL(url).pathname))).toEqual([]);
  });

  test('offline, a page never seen gets the offline page, styled from the cache', async ({
    page,
    context,
    pageErrors,
  }) => {
    await page.goto('/about-us');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload(); // now controlled
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    // By a link, as a visitor goes.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Cookie Policy', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
    // offline.css centres the text in a column and sets the site's colours; unstyled it would be the defaults.
    await expect(page.locator('main')).toHaveCSS('max-width', '576px');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(251, 250, 247)');
    await context.setOffline(false);
    const unexpected = pageErrors.filter((error) => !error.includes('ERR_INTERNET_DISCONNECTED'));
    pageErrors.splice(0, pageErrors.length, ...unexpected);
  });
});

test('the notifications live region is in the page before any toast, and toasts are added to it', {
  tag: '@phone',
}, async ({ page, request }) => {
  // Server-rendered: present before any script runs.
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<ol[^>]*aria-label="Notifications"[^>]*aria-live="polite"/);
  await page.goto('/#pricing');
  const region = page.getByRole('list', { name: 'Notifications' });
  await expect(region).toHaveAttribute('aria-live', 'polite');
  await expect(region.getByRole('status')).toHaveCount(0);
  const element = await region.elementHandle();
  await page.getByRole('button', { name: /Limited Time Offer!/ }).click();
  await expect(region.getByRole('status').filter({ hasText: 'Limited Time Offer!' })).toBeVisible();
  // The same element that waited empty now holds the toast: the region was not created with its text.
  expect(await element?.evaluate((el) => el.isConnected && el.textContent?.includes('Limited Time Offer!'))).toBe(true);
});

test('toasts: at most three at once, and the oldest does not come back', { tag: '@phone' }, async ({ page }) => {
  await page.clock.install();
  await page.goto('/#pricing');
  await pauseClock(page);
  const offer = page.getByRole('button', { name: /Limited Time Offer!/ });
  for (let i = 0; i < 4; i++) {
    await offer.click();
    await page.clock.runFor(100);
  }
  const toasts = page.getByRole('status').filter({ hasText: 'Limited Time Offer!' });
  await expect(toasts).toHaveCount(3);
  await page.clock.runFor(5000);
  await expect(toasts).toHaveCount(0);
});

test('a toast closes by itself after 4 seconds', { tag: '@phone' }, async ({ page }) => {
  await page.clock.install();
  await page.goto('/blogs');
  await pauseClock(page);
  await page.clock.runFor(15_000); // the promo popup is due; its offer raises a toast of the default length
  await page.getByRole('button', { name: 'Claim discount' }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Discount Applied!' });
  await expect(toast).toBeVisible();
  await page.clock.runFor(3900);
  await expect(toast).toBeVisible();
  await page.clock.runFor(200);
  await expect(toast).toBeHidden();
});

test('a toast can be dismissed before its time', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/#pricing');
  await page.getByRole('button', { name: /Limited Time Offer!/ }).click();
  const toast = page.getByRole('status').filter({ hasText: 'Limited Time Offer!' });
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toBeHidden();
});

test('the theme tooltip: 700 ms to open, at once within 300 ms of another, closed by leave, click, scroll and blur', {
  tag: '@desktop',
}, async ({ page }) => {
  await page.clock.install();
  await page.goto('/privacy');
  await pauseClock(page);
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  const tooltip = page.getByRole('tooltip');
  const away = () => page.mouse.move(600, 500);

  await toggle.hover();
  await page.clock.runFor(690);
  await expect(tooltip).toBeHidden();
  await page.clock.runFor(20);
  await expect(tooltip).toHaveText('System theme (switch to light theme)');
  await expect(toggle).toHaveAccessibleDescription('System theme (switch to light theme)');
  await away();
  await expect(tooltip).toBeHidden();

  // Back within the 300 ms skip delay: no wait.
  await page.clock.runFor(200);
  await toggle.hover();
  await page.clock.runFor(1);
  await expect(tooltip).toBeVisible();
  await toggle.click();
  await expect(tooltip).toBeHidden();

  // Past the skip delay, the full delay again; a scroll closes it.
  await away();
  await page.clock.runFor(400);
  await toggle.hover();
  await page.clock.runFor(690);
  await expect(tooltip).toBeHidden();
  await page.clock.runFor(20);
  await expect(tooltip).toBeVisible();
  await page.evaluate(() => window.scrollBy(0, 200));
  await expect(tooltip).toBeHidden();

  // The keyboard: focus opens it after the delay, leaving the button closes it.
  await away();
  await toggle.blur(); // the click above left the focus on it
  await page.clock.runFor(400);
  await toggle.focus();
  await page.clock.runFor(710);
  await expect(tooltip).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(tooltip).toBeHidden();
});

test('device hints on <html>: touch and mobile on phones, neither on a desktop', async ({ page, isMobile }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 8 }));
  await page.goto('/privacy');
  const classes = await page.evaluate(() => [...document.documentElement.classList]);
  expect(classes).toContain('js');
  for (const hint of ['touch', 'mobile']) expect(classes.includes(hint)).toBe(isMobile);
  for (const hint of ['low-end', 'reduced-motion', 'ios']) expect(classes).not.toContain(hint);
});

test('device hints: low-end at 4 cores or fewer, reduced motion, and mobile following the viewport', async ({
  page,
  isMobile,
}) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 4 }));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/privacy');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\blow-end\b/);
  await expect(html).toHaveClass(/\breduced-motion\b/);
  // With reduced motion there is no splash at all.
  await expect(page.getByTestId('splash')).toHaveCSS('display', 'none');
  if (!isMobile) {
    await expect(html).not.toHaveClass(/\bmobile\b/);
    await page.setViewportSize({ width: 600, height: 800 });
    await expect(html).toHaveClass(/\bmobile\b/);
    await page.setViewportSize({ width: 1280, height: 720 });
    await expect(html).not.toHaveClass(/\bmobile\b/);
  }
});

test.describe('on an iPhone', { tag: '@phone' }, () => {
  test.use({ userAgent: devices['iPhone 13'].userAgent });

  test('the ios hint is set', async ({ page }) => {
    await page.goto('/privacy');
    await expect(page.locator('html')).toHaveClass(/\bios\b/);
  });
});

test.describe('with a dark system theme', { tag: '@phone' }, () => {
  test.use({ colorScheme: 'dark' });

  test('the site follows the system until the visitor chooses, and the choice wins after a reload', async ({
    page,
  }) => {
    await page.goto('/about-us');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(background).toBe('rgb(20, 19, 15)');
    await expectThemeChoice(page, 'System');
    await chooseTheme(page, 'Light');
    await expect.poll(background).toBe('rgb(251, 250, 247)');
    // The offline page runs no app code: nothing hydrates.
    await page.reload({ waitUntil: 'commit' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expect.poll(background).toBe('rgb(251, 250, 247)');
    await expectThemeChoice(page, 'Light');
    // Back to the system's choice: nothing stored, dark again.
    await chooseTheme(page, 'System');
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
    expect((await page.context().cookies()).map(({ name }) => name)).not.toContain('theme');
    await expect.poll(background).toBe('rgb(20, 19, 15)');
  });

  test('a choice an earlier version of the site kept in storage is kept: moved once, then sent by the server', async ({
    page,
  }) => {
    await page.goto('/about-us');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await expectThemeChoice(page, 'Light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    // The next page comes with it, before any script runs.
    const next = await page.goto('/privacy', { waitUntil: 'commit' });
    expect(await next?.text()).toContain('<html lang="en" data-theme="light">');
  });
});
