import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { keepPagesWarm } from './page-warmer.ts';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A fill that takes `ms` of (fake) time and records when it started, from the first call on. */
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

const failOnError = (error: unknown) => {
  throw error;
};

test('every path is filled at once, one after the other, then one at a time, spread over each round', async () => {
  const { fill, log, mostAtOnce } = recordingFill(100);
  const paths = vi.fn(async () => ['/', '/blogs', '/privacy', '/team']);
  const warmer = keepPagesWarm({ paths, fill, roundMs: 10_000, onError: failOnError });
  await vi.advanceTimersByTimeAsync(400);
  expect(log).toEqual(['/ at 0', '/blogs at 100', '/privacy at 200', '/team at 300']);

  // Then a path every 10 s / 4, counted from the end of the fill before.
  await vi.advanceTimersByTimeAsync(4 * 2_600);
  expect(log.slice(4)).toEqual(['/ at 2900', '/blogs at 5500', '/privacy at 8100', '/team at 10700']);
  // The list is asked again for every round.
  expect(paths).toHaveBeenCalledTimes(2);
  await vi.advanceTimersByTimeAsync(2_600);
  expect(log.at(-1)).toBe('/ at 13300');
  expect(paths).toHaveBeenCalledTimes(3);
  expect(mostAtOnce()).toBe(1);

  // The fill under way finishes; none comes after.
  const stopping = warmer.stop();
  await vi.advanceTimersByTimeAsync(100);
  await stopping;
  await vi.advanceTimersByTimeAsync(60_000);
  expect(fill).toHaveBeenCalledTimes(9);
});

test('stopping during the first round waits for the page being filled, and fills no other', async () => {
  const { fill } = recordingFill(100);
  const warmer = keepPagesWarm({ paths: async () => ['/', '/blogs'], fill, roundMs: 1_000, onError: failOnError });
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

test('a round that cannot list its pages is reported, and the next step tries again', async () => {
  const errors: unknown[] = [];
  const paths = vi
    .fn<() => Promise<string[]>>()
    .mockRejectedValueOnce(new Error('no server module'))
    .mockResolvedValue(['/']);
  const { fill } = recordingFill(10);
  const warmer = keepPagesWarm({ paths, fill, roundMs: 1_000, onError: (error) => errors.push(error) });
  await vi.advanceTimersByTimeAsync(0);
  expect(errors).toEqual([new Error('no server module')]);
  expect(fill).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1_000);
  expect(fill.mock.calls).toEqual([['/']]);
  await vi.advanceTimersByTimeAsync(10);
  await warmer.stop();
});
