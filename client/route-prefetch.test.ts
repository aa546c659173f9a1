import { afterEach, expect, test, vi } from 'vitest';
import { initRoutePrefetch, prefetchRoute } from './route-prefetch.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

test('a page whose code fails to load is only a warning, and a later prefetch tries again', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  let attempts = 0;
  const lazy = vi.fn(async () => {
    attempts++;
    if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
    return {};
  });
  initRoutePrefetch([{ path: '/', children: [{ path: 'flaky', lazy }] }]);

  await expect(prefetchRoute('/flaky')).resolves.toBeUndefined();
  expect(warn).toHaveBeenCalledTimes(1);
  await prefetchRoute('/flaky');
  expect(lazy).toHaveBeenCalledTimes(2);
  // Loaded once: not asked for again.
  await prefetchRoute('/flaky');
  expect(lazy).toHaveBeenCalledTimes(2);
  expect(warn).toHaveBeenCalledTimes(1);
});
