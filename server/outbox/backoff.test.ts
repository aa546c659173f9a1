import { expect, test } from 'vitest';
import { RETRY_BASE_MS, RETRY_CAP_MS, retryDelayMs } from './backoff.ts';

test('the delay doubles with each failure, within the upper half of its step', () => {
  const steps: [failures: number, step: number][] = [
    [1, RETRY_BASE_MS],
    [2, RETRY_BASE_MS * 2],
    [3, RETRY_BASE_MS * 4],
    [6, RETRY_BASE_MS * 32],
  ];
  for (const [failures, step] of steps) {
    expect(retryDelayMs(failures, () => 0)).toBe(step / 2);
    expect(retryDelayMs(failures, () => 0.999999)).toBeCloseTo(step, -1);
  }
});

test('the delay is capped at 5 minutes, so even after a long outage the next try is minutes away', () => {
  expect(RETRY_CAP_MS).toBe(5 * 60_000);
  expect(retryDelayMs(7, () => 1)).toBe(RETRY_CAP_MS);
  expect(retryDelayMs(30, () => 1)).toBe(RETRY_CAP_MS);
  expect(retryDelayMs(1_000, () => 0)).toBe(RETRY_CAP_MS / 2);
});

test('jitter spreads retries of the same attempt', () => {
  const delays = new Set([0.1, 0.4, 0.7, 0.9].map((r) => retryDelayMs(3, () => r)));
  expect(delays.size).toBe(4);
});
