import type { Page } from '@playwright/test';
import { PUBLIC_CONFIG_ELEMENT_ID } from '#client/public-config.tsx';

const TEST_PIXEL_ID = '123456789012345';

/**
 * Serves the pages as if META_PIXEL_ID were set (the shared browser-test server has none) and stands a
 * recorder in for Meta's pixel: with `window.fbq` already there, the site queues its events into it and never
 * loads Meta's script (client/features/ad-pixel/ad-pixel.ts). Returns the calls made so far.
 */
export async function recordAdPixel(page: Page): Promise<() => Promise<unknown[][]>> {
  await page.addInitScript(() => {
    const calls: unknown[][] = [];
    Reflect.set(window, '__pixelCalls', calls);
    Reflect.set(window, 'fbq', (...args: unknown[]) => calls.push(args));
  });
  const opening = `<script id="${PUBLIC_CONFIG_ELEMENT_ID}"`;
  await page.route('**/*', async (route) => {
    // Only the site's own pages, opened or fetched ahead of a click (a prefetch the navigation then uses);
    // everything else (scripts, API calls, third parties) goes on as before.
    const request = route.request();
    const prefetch = (request.headers()['sec-purpose'] ?? '').includes('prefetch');
    const opened = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (!opened && !prefetch) return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    const start = html.indexOf(opening);
    const brace = start < 0 ? -1 : html.indexOf('>{', start) + 1;
    if (brace <= 0) return route.fulfill({ response });
    // Without the page's speculation rules: a page the browser fetched ahead on its own would reach the
    // navigation without the id this adds.
    const withId = `${html.slice(0, brace)}{"metaPixelId":"${TEST_PIXEL_ID}",${html.slice(brace + 1)}`;
    const body = withId.replace(/<script type="speculationrules"[^>]*>[^<]*<\/script>/, '');
    return route.fulfill({ response, body });
  });
  return () => page.evaluate(() => [...(Reflect.get(window, '__pixelCalls') ?? [])]);
}
