import { AxeBuilder } from '@axe-core/playwright';
import { type APIRequestContext, test as base, expect, type Page, type Request, type TestInfo } from '@playwright/test';
import { type StoredTheme, THEME_COOKIE } from '#shared/theme-cookie.ts';
import { builtChunkUrl } from '#tests/support/built-assets.ts';

/** Every browser test fails on a console error, an uncaught exception or a request leaving this machine. */
export const test = base.extend<{ pageErrors: string[] }>({
  // Navigations and reloads wait for hydration, as a visitor waits for a page to respond (the page's code comes
  // after its first paint, client/app-loader.ts); `waitUntil: 'commit'` opts out.
  // The app marks `<html data-hydrated>` once the page answers its first input (client/islands/boot.tsx,
  // client/components/hydration-signal.tsx).
  // A failed test leaves a screenshot of the page as it was (playwright.config.ts says why it is taken here).
  page: async ({ page }, use, testInfo) => {
    const hydrated = () => page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    await use(page);
    if (testInfo.status === testInfo.expectedStatus && testInfo.errors.length === 0) return;
    const path = testInfo.outputPath('test-failed-1.png');
    if (await page.screenshot({ path, timeout: 5_000 }).catch(() => false)) {
      await testInfo.attach('screenshot', { path, contentType: 'image/png' });
    }
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
      // The browser resolves no name but localhost (playwright.config.ts), so nothing leaves this machine; a
      // request that tried, or one answered from an address outside, is reported. Watching rather than routing
      // every request keeps the browser's cache on and spares each request a trip through this process; a
      // test's own route for a third party (a fulfilled request) is not reported.
      const origin = new URL(baseURL ?? 'http://localhost').origin;
      const outbound = (request: Request) => {
        const url = new URL(request.url());
        return /^(https?|wss?):$/.test(url.protocol) && url.origin !== origin;
      };
      // A name the browser would not resolve; a test that aborts a third party on purpose is not reported.
      page.on('requestfailed', (request) => {
        const unresolved = request.failure()?.errorText.includes('ERR_NAME_NOT_RESOLVED');
        if (unresolved && outbound(request)) errors.push(`outbound request: ${request.url()}`);
      });
      page.on('requestfinished', async (request) => {
        if (!outbound(request)) return;
        // A page closed at the test's end before its answer's address could be read: the test is over.
        const server = await request
          .response()
          .then((response) => response?.serverAddr())
          .catch(() => null);
        if (server) errors.push(`outbound request: ${request.url()}`);
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The last four digits of a phone number of a test's own, because one number is called at most once every 6 hours:
 * one per project, repetition (`--repeat-each` up to 40) and slot (0 to 99). Each spec puts its own exchange before
 * them; the lines from 5000 to 5999 stay free for the numbers tests write out.
 */
export function lineOf(testInfo: TestInfo, slot: number): string {
  if (testInfo.repeatEachIndex >= 40 || slot < 0 || slot >= 100) throw new Error('lineOf: 40 repetitions of 100 slots');
  return String((testInfo.project.name === 'mobile' ? 6000 : 1000) + testInfo.repeatEachIndex * 100 + slot);
}

/** The hero's 'Try the AI', beside its phone field (the learn-more band has one too once scrolled near). */
export function heroCallButton(page: Page) {
  return page
    .getByRole('main')
    .locator('form')
    .filter({ has: page.getByLabel('Your phone number') })
    .getByRole('button', { name: 'Try the AI' });
}

/**
 * Stops the page's clock a second ahead of the page's own now, so timers then advance only when the test
 * says (`page.clock.runFor`); a clock left running with real time makes timing assertions race a busy machine.
 */
export async function pauseClock(page: Page) {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1000);
}

/**
 * Waits until the page a link loaded has hydrated its first islands (`goto` and `reload` wait by themselves): its
 * server HTML, headings included, shows before its code runs, and a paused clock holds no timer the code has not set.
 */
export async function untilHydrated(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Waits until the server answers `path` from its page cache: the first visit gets the streamed render, with a
 * nonce, and the page enters the cache behind it; a cached page's policy allows its inline code by hash.
 */
export async function untilCached(request: APIRequestContext, path: string) {
  await expect
    .poll(async () => (await request.get(path)).headers()['content-security-policy'], { timeout: 15_000 })
    .toContain("'sha256-");
}

/**
 * Waits until the browser has laid out every section of the page for good. Home sections and the parts of an article
 * or another text below the first screen are laid out when they come on screen or, one at a time, when the browser is
 * idle (client/lib/lay-out-when-idle.ts); until then their content is not painted, so whatever reads painted pixels
 * (axe's colour contrast) must wait.
 */
export async function untilLaidOut(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          [...document.querySelectorAll('main section')].filter(
            (section) => getComputedStyle(section).contentVisibility === 'auto',
          ).length,
      ),
    )
    .toBe(0);
}

/**
 * Axe's findings (every rule, or those with `tags`) in the part of the page `include` selects, one readable line per
 * failing element, read once what is moving has come to rest: a theme switched a moment ago eases a button's
 * background over 150 ms (client/styles/buttons.ts) and a drawer slides in, and a colour read halfway is none a visitor
 * is left with.
 */
export async function axeFindings(page: Page, { include, tags }: { include?: string; tags?: string[] } = {}) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (tags) builder = builder.withTags(tags);
  const results = await builder.analyze();
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} — ${node.failureSummary ?? ''}`),
  );
}

/**
 * Where the page's sections (`main > section`, or `main section` when `nested`) and its footer are, as the visitor
 * scrolls down from the top to the footer a screen at a time: once before, once after. A section that changes height
 * on the way moves everything below it, under the visitor's finger.
 */
export async function sectionsBeforeAndAfterScrollingDown(page: Page, nested = false) {
  const boxes = () =>
    page.locator(`${nested ? 'main section' : 'main > section'}, footer`).evaluateAll((sections) =>
      sections.map((section) => {
        const box = section.getBoundingClientRect();
        const name =
          section.id || section.getAttribute('aria-labelledby') || section.querySelector('h2')?.id || section.localName;
        return `${name}: top ${Math.round(box.top + window.scrollY)}, height ${Math.round(box.height)}`;
      }),
    );
  const twoFrames = () =>
    page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const before = await boxes();
  const footer = page.getByRole('contentinfo');
  for (let step = 1; ; step++) {
    await page.evaluate((y) => window.scrollTo(0, y), step * (page.viewportSize()?.height ?? 600));
    await twoFrames();
    if (await footer.evaluate((el) => el.getBoundingClientRect().top <= window.innerHeight)) break;
  }
  await twoFrames();
  return { before, after: await boxes() };
}

/** The visitor chose `theme` on an earlier visit: the cookie the theme control keeps (shared/theme-cookie.ts). */
export async function themeChosenBefore(page: Page, baseURL: string | undefined, theme: StoredTheme) {
  await page.context().addCookies([{ name: THEME_COOKIE, value: theme, url: baseURL ?? 'http://localhost' }]);
}

/**
 * Holds back the built chunk of `source` (a path the build's manifest names): `asked` settles once the page has
 * asked for it, and the chunk arrives only after `release()`, or its load fails after `fail()`.
 */
export async function holdChunk(page: Page, source: string) {
  const chunk = builtChunkUrl(source);
  let settle: (arrives: boolean) => void = () => {};
  const held = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  const asked = page.waitForRequest((request) => new URL(request.url()).pathname === chunk);
  await page.route(
    (url) => url.pathname === chunk,
    async (route) => {
      if (await held) await route.continue();
      else await route.abort();
    },
  );
  return { asked, release: () => settle(true), fail: () => settle(false) };
}

/** Opens `path` with the built chunk of `source` held back (`holdChunk`), once the page has asked for it. */
export async function openWithChunkHeld(page: Page, path: string, source: string) {
  const { asked, release, fail } = await holdChunk(page, source);
  await page.goto(path, { waitUntil: 'commit' });
  await asked;
  return { release, fail };
}

export type Theme = 'System' | 'Light' | 'Dark';

/**
 * Chooses a theme the way this screen offers it: the header's toggle, which cycles system → light → dark, or on
 * a phone the three-way switch in the menu. Then checks the control shows the choice.
 */
export async function chooseTheme(page: Page, theme: Theme) {
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  if (await toggle.isVisible()) {
    for (let i = 0; i < 3 && !(await toggle.getAttribute('aria-label'))?.startsWith(`Theme: ${theme}`); i++) {
      await toggle.click();
    }
  } else {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('button', { name: `${theme} theme` })
      .click();
  }
  await expectThemeChoice(page, theme);
}

/** The theme control shows `theme` as chosen: in the header, or in the menu on a phone. */
export async function expectThemeChoice(page: Page, theme: Theme) {
  const toggle = page.getByRole('button', { name: /^Theme:/ });
  if (await toggle.isVisible()) {
    await expect(toggle).toHaveAccessibleName(new RegExp(`^Theme: ${theme} theme`));
    return;
  }
  const menu = page.getByRole('dialog', { name: 'Menu' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu.getByRole('button', { name: `${theme} theme` })).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
}

/**
 * Stops the page clock before the page loads, so timers that start when the layout mounts run exactly
 * when the test says. Only for pages without streamed Suspense boundaries (React reveals those on a timer).
 */
export async function pauseClockBeforeLoad(page: Page) {
  const start = new Date('2025-06-02T15:00:00Z');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}
