// The promotional popup and the promo bar's countdown (docs/product-rules.md#timings).
export const PROMO_POPUP_DELAY_MS = 15_000;
export const PROMO_DISCOUNT_PERCENT = 50;
export const PROMO_BAR_DELAY_MS = 3000;
/** 2 days 12 hours 30 minutes. */
export const PROMO_COUNTDOWN_START_S = ((2 * 24 + 12) * 60 + 30) * 60;
/** The countdown ticks each second. */
export const PROMO_COUNTDOWN_TICK_MS = 1000;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole seconds left `elapsedMs` after the countdown started; never below zero. */
export function secondsLeftAt(elapsedMs: number): number {
  return Math.max(0, PROMO_COUNTDOWN_START_S - Math.floor(Math.max(0, elapsedMs) / 1000));
}

/** What the countdown shows `elapsedMs` after it started; it stops at zero. */
export function countdownAt(elapsedMs: number): Countdown {
  return countdownParts(secondsLeftAt(elapsedMs));
}

/** Seconds left, split into the countdown's days, hours, minutes and seconds. */
export function countdownParts(left: number): Countdown {
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}

/** The countdown as an ISO 8601 duration (a <time> element's datetime), e.g. 'P2DT12H30M0S'. */
export function countdownDuration({ days, hours, minutes, seconds }: Countdown): string {
  return `P${days}DT${hours}H${minutes}M${seconds}S`;
}
