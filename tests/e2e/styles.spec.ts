import type { Page } from '@playwright/test';
import { expect, test, untilCached } from './fixtures.ts';
import { testWithOwnServer } from './own-server.ts';

// The server sends a page's Emotion styles as one <style> in <head> (client/styles/collected-styles.ts), after
// the global rules' own. The browser must take them as they are: no rule the server sent inserted again while
// hydrating, no element of the server's moved, nothing left in <body>.

/** Rules the browser's Emotion cache inserted for a class the server's style element already had. */
function stylesAfterHydration(page: Page) {
  return page.evaluate(() => {
    const server = [...document.querySelectorAll<HTMLStyleElement>('style[data-server-styles]')];
    const names = server.flatMap((element) => (element.dataset.serverStyles ?? '').split(' '));
    const insertedAgain = [...document.querySelectorAll<HTMLStyleElement>('style[data-emotion="css"]')]
      .flatMap((element) => [...(element.sheet?.cssRules ?? [])].map((rule) => rule.cssText))
      .filter((text) => names.some((name) => new RegExp(`\\.css-${name}(?![\\w-])`).test(text)));
    return {
      serverElements: server.length,
      inHead: server.every((element) => element.parentElement === document.head),
      classes: names.length,
      insertedAgain,
      stylesInBody: document.body.querySelectorAll('style').length,
    };
  });
}

test('a cached page hydrates on the styles the server sent in <head>, without inserting them again', {
  tag: '@phone',
}, async ({ page, request }) => {
  await untilCached(request, '/blogs');
  const response = await page.goto('/blogs');
  expect(response?.headers()['content-security-policy']).not.toContain("'nonce-");
  const styles = await stylesAfterHydration(page);
  expect(styles).toMatchObject({ serverElements: 1, inHead: true, insertedAgain: [], stylesInBody: 0 });
  expect(styles.classes).toBeGreaterThan(10);
});

testWithOwnServer(
  'a streamed page hydrates on the styles the server sent, without inserting them again',
  { tag: '@phone' },
  async ({ page }) => {
    // A server of its own has only the sitemap's pages in its cache: the first visit of a page outside it (a noindex
    // page) is the streamed render.
    const response = await page.goto('/meeting-confirmation');
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("'nonce-");
    const styles = await stylesAfterHydration(page);
    // Its sections are all ready with the shell, so the shell's one style element is all of them.
    expect(styles).toMatchObject({ serverElements: 1, inHead: true, insertedAgain: [], stylesInBody: 0 });
    expect(styles.classes).toBeGreaterThan(10);
  },
);

test('hydrating a cached page moves none of the styles the server sent: the page is not styled and laid out again', {
  tag: '@phone',
}, async ({ page, request }) => {
  // A streamed render's late sections bring their styles in <body>, which Emotion moves into <head>.
  await untilCached(request, '/');
  // A style element moved within the document is a stylesheet removed and added again: the browser matches every
  // rule again, declares the brand font again, and lays the whole page out again.
  await page.addInitScript(() => {
    const removed: string[] = [];
    Object.assign(window, { removedStyles: removed });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) if (node.nodeName === 'STYLE') removed.push(record.target.nodeName);
      }
    }).observe(document, { childList: true, subtree: true });
  });
  await page.goto('/');
  const after = await page.evaluate(() => ({
    removed: (window as unknown as { removedStyles: string[] }).removedStyles,
    fontFaces: document.fonts.size,
    declared: [...document.querySelectorAll('style')].reduce(
      (sum, element) => sum + (element.textContent?.match(/@font-face/g)?.length ?? 0),
      0,
    ),
  }));
  expect(after.removed).toEqual([]);
  expect(after.declared).toBeGreaterThan(0);
  expect(after.fontFaces).toBe(after.declared);
});
