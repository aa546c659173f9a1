import type { Locator, Page } from '@playwright/test';
import { expect, pauseClock, test } from './fixtures.ts';

// These items scroll to home sections; from another page the site goes home, then scrolls.
const SECTION_ITEMS = [
  { label: 'How It Works', id: 'process' },
  { label: 'Integrations', id: 'integrations' },
  { label: 'Pricing', id: 'pricing' },
];

/** Follows a navigation item the way this viewport offers it: the header's nav, or the drawer. */
async function follow(page: Page, label: string) {
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: label, exact: true }).click();
    await expect(drawer).toBeHidden();
  } else {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label, exact: true }).click();
  }
}

/** Waits until the smooth scroll brings the section's top 80 px below the viewport top (below the fixed header). */
async function expectSectionAtOffset(page: Page, id: string) {
  const section = page.locator(`#${id}`);
  await expect
    .poll(() => section.evaluate((el) => Math.abs(el.getBoundingClientRect().top - 80) <= 1), {
      message: `#${id} should sit 80 px below the viewport top`,
    })
    .toBe(true);
  // And it stays there: the scroll has finished rather than passing through.
  await page.waitForTimeout(700);
  const top = await section.evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(top - 80)).toBeLessThanOrEqual(1);
}

/**
 * A busy browser: no idle moment comes until the test gives one with `idleMoment`, which runs the callbacks waiting
 * for it and says how many are waiting after them.
 */
async function holdIdleMoments(page: Page) {
  await page.addInitScript(() => {
    const held: IdleRequestCallback[] = [];
    window.requestIdleCallback = (callback) => held.push(callback);
    Object.assign(window, {
      __idle: () => {
        for (const callback of held.splice(0)) callback({ didTimeout: false, timeRemaining: () => 50 });
        return held.length;
      },
    });
  });
}

function idleMoment(page: Page) {
  return page.evaluate(() => (window as unknown as { __idle(): number }).__idle());
}

for (const { label, id } of SECTION_ITEMS) {
  for (const from of ['/', '/privacy']) {
    test(`${label} from ${from} lands on #${id} with its top 80 px below the viewport top`, async ({ page }) => {
      await page.goto(from);
      await follow(page, label);
      await expect(page).toHaveURL(`/#${id}`);
      await expectSectionAtOffset(page, id);
      // The fixed header does not hide the section's heading.
      const header = await page.getByRole('banner').boundingBox();
      const heading = await page.locator(`#${id}`).getByRole('heading', { level: 2 }).first().boundingBox();
      expect(heading?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    });
  }
}

test('a section named in the address is scrolled to on load', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/#faq');
  await expectSectionAtOffset(page, 'faq');
});

test('a hash change on the page scrolls to that section', { tag: '@phone' }, async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => {
    window.location.hash = 'pricing';
  });
  await expectSectionAtOffset(page, 'pricing');
});

test('with reduced motion a section is reached at once, without a smooth scroll', { tag: '@phone' }, async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await pauseClock(page);
  await page.evaluate(() => {
    window.location.hash = 'faq';
  });
  // Past the 50 ms delay, and far short of the 600 ms a smooth scroll takes.
  await page.clock.runFor(100);
  const top = await page.locator('#faq').evaluate((el) => el.getBoundingClientRect().top);
  expect(Math.abs(top - 80)).toBeLessThanOrEqual(1);
});

test('a hash change while the sections above are still to be laid out lands on the section, and it stays there', {
  tag: '@phone',
}, async ({ page }) => {
  // A busy phone: the browser has had no idle moment yet, so the sections below the first screen still hold their
  // estimated heights (client/lib/lay-out-when-idle.ts) until the test lets the idle moments come. Those above the
  // section must be laid out before it is put in place: laid out later, they would push it down, and the page does
  // not count on the browser's scroll anchoring (not every browser has it) to hide that.
  await holdIdleMoments(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const waitingAbove = () =>
    page.evaluate(() => {
      const faq = document.getElementById('faq');
      return [...document.querySelectorAll('main section')].filter(
        (section) =>
          getComputedStyle(section).contentVisibility === 'auto' &&
          faq !== null &&
          section.compareDocumentPosition(faq) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).length;
    });
  expect(await waitingAbove()).toBeGreaterThan(0);
  await page.evaluate(() => {
    window.location.hash = 'faq';
  });
  const faqTop = () => page.locator('#faq').evaluate((el) => Math.round(el.getBoundingClientRect().top));
  // The browser's own jump may put it there first, on the estimated heights; the page's answer to the hash change
  // then lays out what is above it and puts it in place again.
  await expect.poll(waitingAbove).toBe(0);
  await expect.poll(faqTop).toBe(80);
  // Every idle moment the page was waiting for, then: nothing above the section moves it.
  await expect.poll(() => idleMoment(page)).toBe(0);
  expect(await faqTop()).toBe(80);
});

test('the End key goes to the very end of the page while its sections are still to be laid out', {
  tag: '@desktop',
}, async ({ page }) => {
  // As above: no idle moment yet, so the sections below the first screen still hold their estimated heights.
  await holdIdleMoments(page);
  await page.goto('/');
  const waiting = () =>
    page.evaluate(
      () =>
        [...document.querySelectorAll('main section')].filter((s) => getComputedStyle(s).contentVisibility === 'auto')
          .length,
    );
  expect(await waiting()).toBeGreaterThan(0);
  // The page's length as the browser starts scrolling: the scroll aims at the end that length makes.
  await page.evaluate(() =>
    window.addEventListener(
      'scroll',
      () => Object.assign(window, { lengthAsScrollStarts: document.documentElement.scrollHeight }),
      { once: true },
    ),
  );
  // Pressed again if the page has not moved: now and then the browser here lets the first press pass unanswered.
  await expect(async () => {
    await page.keyboard.press('End');
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 2000 }).toBeGreaterThan(0);
  }).toPass();
  const footerBelowView = () =>
    page.getByRole('contentinfo').evaluate((el) => Math.round(el.getBoundingClientRect().bottom - window.innerHeight));
  await expect.poll(footerBelowView).toBe(0);
  await expect.poll(() => idleMoment(page)).toBe(0);
  expect(await footerBelowView()).toBe(0);
  // Laid out before the scroll began: the page kept its length on the way down, its scroll bar did not jump.
  const lengths = await page.evaluate(() => [
    (window as { lengthAsScrollStarts?: number }).lengthAsScrollStarts,
    document.documentElement.scrollHeight,
  ]);
  expect(lengths[0]).toBe(lengths[1]);
});

test('a section that does not exist only warns in the console', { tag: '@phone' }, async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await page.goto('/#no-such-section');
  await pauseClock(page);
  await page.clock.runFor(5_100);
  await expect.poll(() => warnings).toContain('Section "no-such-section" not found');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('an address whose hash is no valid escape still gives a working page that only warns', { tag: '@phone' }, async ({
  page,
}) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  // goto returns once the page has hydrated (fixtures.ts); a page whose code stopped on the hash never would.
  await page.goto('/#%E0%A4%A');
  await expect.poll(() => warnings).toContain('Section "%E0%A4%A" not found');
  await page.evaluate(() => {
    window.location.hash = '%E0%A4';
  });
  await expect.poll(() => warnings).toContain('Section "%E0%A4" not found');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
});

test('the logo scrolls to the top on the home page and goes home from another page', { tag: '@phone' }, async ({
  page,
}) => {
  await page.goto('/privacy');
  await page.getByRole('link', { name: 'Porchlight home' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your Real Estate Voice AI Partner That Never Misses A Lead.',
  );
  await page.evaluate(() => window.scrollTo(0, 1500));
  await page.getByRole('link', { name: 'Porchlight home' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page).toHaveURL('/');
});

test('a press while the page scrolls stops the scroll where it is: the tap lands on what was under it', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, 1500));
  await pauseClock(page);
  await page.getByRole('link', { name: 'Porchlight home' }).click();
  // A third of the way into the 300 ms scroll to the top.
  await page.clock.runFor(100);
  const pressedAt = await page.evaluate(() => window.scrollY);
  expect(pressedAt).toBeGreaterThan(0);
  expect(pressedAt).toBeLessThan(1500);
  // The page's margin, where a press does nothing else.
  await page.mouse.move(1, 400);
  await page.mouse.down();
  await page.clock.runFor(1000);
  await page.mouse.up();
  expect(await page.evaluate(() => window.scrollY)).toBe(pressedAt);
});

test('the blog list is fetched while the browser is idle on the home page, before any navigation', {
  tag: '@phone',
}, async ({ page }) => {
  const blogs = page.waitForRequest((request) => new URL(request.url()).pathname === '/blogs');
  await page.goto('/');
  await blogs;
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Your Real Estate Voice AI Partner That Never Misses A Lead.',
  );
});

test('header links fetch their page after 200 ms of hover, at once within 300 ms of leaving the last, and not for a passing pointer', {
  tag: '@desktop',
}, async ({ page }) => {
  await page.clock.install();
  await page.goto('/privacy');
  await pauseClock(page);
  // Each page once, however many ways the browser is asked for it (a prefetch link, the speculation rules).
  const chunks = new Set<string>();
  page.on('request', (request) => {
    const asked = /^\/(about-us|affiliate-program|lead-generation)$/.exec(new URL(request.url()).pathname);
    if (asked?.[1]) chunks.add(asked[1]);
  });
  // A request the page starts after any prefetch it has already started: once it is answered, every earlier
  // request has been seen.
  const seenSoFar = async () => {
    await page.evaluate(() => fetch('/healthz').then((response) => response.text()));
    return [...chunks];
  };
  const nav = page.getByRole('navigation', { name: 'Main' });
  const away = () => page.mouse.move(640, 600);

  // Passing over a link for 50 ms loads nothing, however long the page then waits.
  await nav.getByRole('link', { name: 'Affiliate Program' }).hover();
  await page.clock.runFor(50);
  await away();
  await page.clock.runFor(1000);
  expect(await seenSoFar()).toEqual([]);

  // Resting for 200 ms does.
  await nav.getByRole('link', { name: 'About Us' }).hover();
  await page.clock.runFor(199);
  expect(await seenSoFar()).toEqual([]);
  await page.clock.runFor(1);
  await expect.poll(seenSoFar).toEqual(['about-us']);

  // The next link within 300 ms of leaving: at once, without any time passing.
  await nav.getByRole('link', { name: 'Lead Generation' }).hover();
  await expect.poll(seenSoFar).toEqual(['about-us', 'lead-generation']);

  // 300 ms after leaving, the full delay again.
  await away();
  await page.clock.runFor(300);
  await nav.getByRole('link', { name: 'Affiliate Program' }).hover();
  await page.clock.runFor(199);
  expect(await seenSoFar()).toEqual(['about-us', 'lead-generation']);
  await page.clock.runFor(1);
  await expect.poll(seenSoFar).toEqual(['about-us', 'lead-generation', 'affiliate-program']);
});

const ALL_ITEMS = [
  'How It Works',
  'Integrations',
  'Pricing',
  'Blog',
  'Affiliate Program',
  'Lead Generation',
  'About Us',
];

test.describe('which navigation a screen gets', { tag: '@desktop' }, () => {
  // Phones and landscape screens under 1024 px: the drawer. Under 1024 px the header has no room for the
  // links; under 1280 px the pages after Blog move into the menu. Every item stays reachable.
  for (const { width, height, inline } of [
    { width: 767, height: 1000, inline: [] },
    { width: 800, height: 1000, inline: [] },
    { width: 1000, height: 700, inline: [] },
    { width: 1100, height: 700, inline: ALL_ITEMS.slice(0, 4) },
    { width: 1280, height: 800, inline: ALL_ITEMS },
  ]) {
    test(`${width}×${height}: ${inline.length} of the 7 links in the header, every one reachable`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto('/privacy');
      const main = page.getByRole('navigation', { name: 'Main' });
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      if (inline.length === 0) await expect(main).toBeHidden();
      else await expect(main.getByRole('link')).toHaveText(inline);
      if (inline.length === ALL_ITEMS.length) {
        await expect(menuButton).toBeHidden();
        return;
      }
      await menuButton.click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      // The compact menu (phones under 768 px, and landscape screens under 1024 px) leaves About Us to
      // the footer.
      const compact = width < 768 || (width > height && width < 1024);
      const inDrawer = compact ? ALL_ITEMS.filter((item) => item !== 'About Us') : ALL_ITEMS;
      await expect(drawer.getByRole('link')).toHaveText(inDrawer);
    });
  }
});

/** Presses Tab until `target` has focus, as a keyboard user would; fails if it is never reached. */
async function tabTo(page: Page, target: Locator, max = 30) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('keyboard only on a phone: the menu opens, keeps focus inside both ways, and Pricing lands on its section', {
  tag: '@phone',
}, async ({ page }) => {
  await page.goto('/privacy');
  const menuButton = page.getByRole('button', { name: 'Open menu' });
  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer).toBeVisible();

  const close = drawer.getByRole('button', { name: 'Close menu' });
  // The drawer's last control: the theme switch that phones have here instead of in the header.
  const last = drawer.getByRole('button', { name: 'Dark theme' });
  await tabTo(page, close);
  await page.keyboard.press('Shift+Tab');
  await expect(last).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(close).toBeFocused();

  await tabTo(page, drawer.getByRole('link', { name: 'Pricing' }));
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL('/#pricing');
  await expectSectionAtOffset(page, 'pricing');
});
