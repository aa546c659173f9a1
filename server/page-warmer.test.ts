import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { keepPagesWarm } from './page-warmer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fill that takes `ms` of (fake) time and records when it started and ended. */
function recordingFill(ms: number) {
  const start = Date.now();
  const log: string[] = [];
  let running = 0;
  let most = 0;
  const fill = vi.fn(async (path: string) => {
    running++;
    most = Math.max(most, running);
    log.push(`${path} at ${Date.now() - start}`);
    await new Promise((resolve) => setTimeout(resolve, ms));
    running--;
  });
  return { fill, log, mostAtOnce: () => most };
}

test('every path is filled at once, one at a time, then again after each pause', async () => {
  const { fill, log, mostAtOnce } = recordingFill(100);
  const warmer = keepPagesWarm({
    paths: async () => ['/', '/blogs', '/privacy'],
    fill,
    everyMs: 10_000,
    onError: (error) => {
      throw error;
    },
  });
  await vi.advanceTimersByTimeAsync(300);
  expect(log).toEqual(['/ at 0', '/blogs at 100', '/privacy at 200']);
  // The pause counts from the end of the pass.
  await vi.advanceTimersByTimeAsync(9_999);
  expect(fill).toHaveBeenCalledTimes(3);
  await vi.advanceTimersByTimeAsync(1);
  expect(log.at(-1)).toBe('/ at 10300');
  await vi.advanceTimersByTimeAsync(200);
  expect(fill).toHaveBeenCalledTimes(6);
  expect(mostAtOnce()).toBe(1);
  // The third fill of this pass is under way: stopping waits for it.
  const stopping = warmer.stop();
  await vi.advanceTimersByTimeAsync(100);
  await stopping;
  expect(fill).toHaveBeenCalledTimes(6);
});

test('stopping waits for the page being filled, and no page is filled after it', async () => {
  const { fill } = recordingFill(100);
  const warmer = keepPagesWarm({ paths: async () => ['/', '/blogs'], fill, everyMs: 1_000, onError: () => {} });
  await vi.advanceTimersByTimeAsync(50);
  let stopped = false;
  const stopping = warmer.stop().then(() => {
    stopped = true;
  });
  await vi.advanceTimersByTimeAsync(49);
  expect(stopped).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  await stopping;
  expect(fill.mock.calls).toEqual([['/']]);
  await vi.advanceTimersByTimeAsync(60_000);
  expect(fill).toHaveBeenCalledTimes(1);
});

test('a pass that cannot list its pages is reported, and the next pass tries again', async () => {
  const errors: unknown[] = [];
  const paths = vi
    .fn<() => Promise<string[]>>()
    .mockRejectedValueOnce(new Error('no server module'))
    .mockResolvedValue(['/']);
  const { fill } = recordingFill(10);
  const warmer = keepPagesWarm({ paths, fill, everyMs: 1_000, onError: (error) => errors.push(error) });
  await vi.advanceTimersByTimeAsync(0);
  expect(errors).toEqual([new Error('no server module')]);
  expect(fill).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(fill.mock.calls).toEqual([['/']]);
  await vi.advanceTimersByTimeAsync(10);
  await warmer.stop();
});
