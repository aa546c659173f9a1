// Retries of the lead webhook: exponential backoff with jitter, so a recovering receiver is not hit by every
// queued payload at the same instant. Retried until LEAD_WEBHOOK_GIVE_UP_HOURS have passed; a lead given up on
// is still stored and shown in the lead inbox, where an operator retries it: a lead is never lost. The
// cap is minutes, not hours: after a long outage the next try, and so the drain of the queue, is never far off.
export const RETRY_BASE_MS = 5_000;
export const RETRY_CAP_MS = 5 * 60_000;

/**
 * Delay before attempt `failures + 1`, given `failures` failed attempts so far (≥ 1): base·2^(failures−1),
 * capped, then "equal jitter" — a random point in the upper half, so the order of retries is kept roughly.
 */
export function retryDelayMs(failures: number, random: () => number = Math.random): number {
  const exponential = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
