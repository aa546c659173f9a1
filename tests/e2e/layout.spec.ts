import type { Page } from '@playwright/test';
import { fakeCalEmbed } from './fake-cal.ts';
import { expect, test, untilLaidOut } from './fixtures.ts';
import { type LayoutProblems, measureLayout, viewports } from './layout-check.ts';
import { signInApi } from './operator-support.ts';

// Every page whole at every common width: nothing cut off at either edge, no sideways scroll, no button or link
// label wider than its box, input text of 16 px or more, and 44 px tap targets on phones; both orientations, both
// themes. Every dialog a visitor can open whole inside its own box too: nothing outside it, no field over another, no
// sideways scroll within it. One page per route, resized in a loop. The desktop project runs it (the test sets every
// size itself), so the suite pays for it once.

/** What was wrong at each screen size and theme; empty when the page is whole everywhere. */
async function problemsAcrossScreens(page: Page, popups?: string): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of viewports()) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const themes = await measureLayout(page, { phone: viewport.phone, popups });
    for (const [theme, problems] of Object.entries(themes)) {
      found.push(...describeProblems(`${viewport.label} ${theme}`, problems));
    }
  }
  return found;
}

function describeProblems(where: string, problems: LayoutProblems): string[] {
  return [
    ...problems.cutOff.map((problem) => `${where}: cut off: ${problem}`),
    ...(problems.sidewaysScroll > 0 ? [`${where}: the page scrolls sideways by ${problems.sidewaysScroll} px`] : []),
    ...problems.overflowingLabels.map((problem) => `${where}: label wider than its box: ${problem}`),
    ...problems.smallInputText.map((problem) => `${where}: ${problem}`),
    ...problems.smallTapTargets.map((problem) => `${where}: tap target under 44 × 44 px: ${problem}`),
    ...problems.inDialogs.map((problem) => `${where}: in the dialog ${problem}`),
  ];
}

/** Opens the page, and scrolls it through once so sections that load when seen are there to be measured. */
async function openWhole(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await frame();
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState('networkidle');
  // Parts of a page laid out when idle are measured laid out, not skipped as unrendered.
  await untilLaidOut(page);
}

// The promo popup comes 15 s after load; the menu and dialog tests below measure it on purpose.
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    try {
      sessionStorage.setItem('promo_popup_dismissed', '1');
    } catch {} // frames without storage of their own
  });
});

async function sitemapPaths(page: Page): Promise<string[]> {
  const response = await page.request.get('/sitemap.xml');
  expect(response.ok()).toBe(true);
  const xml = await response.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

async function problemsOnPages(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    await test.step(path, async () => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await openWhole(page, path);
      problems.push(...(await problemsAcrossScreens(page)).map((problem) => `${path} ${problem}`));
    });
  }
  return problems;
}

// The sitemap is read as the test runs, so a page added to it is covered without touching this file. Its pages
// are dealt out to a few tests so that the test workers share them.
const PARTS = 4;
for (let part = 0; part < PARTS; part++) {
  test(`the sitemap's pages, part ${part + 1} of ${PARTS}: whole at every width, orientation and theme`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const paths = await sitemapPaths(page);
    expect(paths).toContain('/');
    expect(paths.filter((path) => path.startsWith('/blog/')).length).toBeGreaterThanOrEqual(5);
    expect(
      await problemsOnPages(
        page,
        paths.filter((_, index) => index % PARTS === part),
      ),
    ).toEqual([]);
  });
}

// Pages the sitemap leaves out because search engines should not index them; visitors and operators see them.
test('the unlisted pages and the operator sign-in gates: whole at every width, orientation and theme', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const paths = ['/meeting-confirmation', '/this-page-does-not-exist', '/dashboard', '/analytics'];
  expect(await problemsOnPages(page, paths)).toEqual([]);
});

for (const role of ['client', 'analytics'] as const) {
  const path = role === 'client' ? '/dashboard' : '/analytics';
  test(`${path} signed in: whole at every width, orientation and theme`, async ({ page }) => {
    await signInApi(page.request, role);
    await openWhole(page, path);
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    expect(await problemsAcrossScreens(page)).toEqual([]);
  });
}

/** Opens something at each size (`phones`: at each phone size), measures it, and closes it with Escape. */
async function problemsWhenOpen(
  page: Page,
  open: () => Promise<void>,
  { thirdParty, only = 'all' }: { thirdParty?: string; only?: 'phones' | 'all' } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const viewport of viewports().filter((viewport) => only === 'all' || viewport.phone)) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await open();
    const themes = await measureLayout(page, { phone: viewport.phone, thirdParty });
    for (const [theme, problems] of Object.entries(themes)) {
      found.push(...describeProblems(`${viewport.label} ${theme}`, problems));
    }
    await page.keyboard.press('Escape');
  }
  return found;
}

test('the menu, on phones held either way: whole, with 44 px targets', async ({ page }) => {
  // A dozen sizes, each opening and closing the dialog: generous for a busy machine.
  test.setTimeout(90_000);
  await page.goto('/privacy');
  const problems = await problemsWhenOpen(
    page,
    async () => {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    },
    { only: 'phones' },
  );
  expect(problems).toEqual([]);
});

test('the demo-call dialog and the contact form, at every width: whole inside the dialog, with 44 px targets on phones', async ({
  page,
}) => {
  // Twenty sizes, each opening and closing two dialogs: generous for a busy machine.
  test.setTimeout(180_000);
  await page.goto('/about-us');
  const demoCall = await problemsWhenOpen(page, async () => {
    await page.getByRole('banner').getByRole('button', { name: 'Try the AI' }).click();
    await expect(page.getByRole('dialog', { name: 'Have the AI call me' })).toBeVisible();
  });
  const contact = await problemsWhenOpen(page, async () => {
    await page.getByRole('main').getByRole('button', { name: 'Contact Us' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  expect([...demoCall, ...contact]).toEqual([]);
});

test('the booking and video dialogs, at every width: whole inside the dialog, with 44 px targets on phones', async ({
  page,
}) => {
  // Twenty sizes, each opening and closing two dialogs: generous for a busy machine.
  test.setTimeout(180_000);
  await fakeCalEmbed(page);
  // Wider screens play the video in YouTube's privacy-friendly player: a blank stand-in here.
  await page.route('https://www.youtube-nocookie.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Video</title>' }),
  );
  await page.goto('/');
  const booking = await problemsWhenOpen(
    page,
    async () => {
      await page.getByRole('button', { name: 'Get Started Now' }).click();
      await expect(page.getByRole('dialog', { name: 'Book a demo' })).toBeVisible();
    },
    // Cal.com draws the calendar itself.
    { thirdParty: '[aria-label="Booking calendar"]' },
  );
  const video = await problemsWhenOpen(page, async () => {
    await page.getByRole('button', { name: 'Play the product video' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  expect([...booking, ...video]).toEqual([]);
});

test('the promo popup, at every width: whole inside its card, with 44 px targets on phones', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    try {
      sessionStorage.removeItem('promo_popup_dismissed');
    } catch {}
  });
  await page.clock.install();
  await page.goto('/blogs');
  await page.clock.fastForward(15_100);
  await expect(page.getByRole('complementary', { name: '50% off your first month' })).toBeVisible();
  expect(await problemsAcrossScreens(page, 'aside[aria-labelledby="promo-title"]')).toEqual([]);
});
