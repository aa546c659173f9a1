// SPEC §2 and §9: the promotional popup and the promo bar's countdown.
export const PROMO_POPUP_DELAY_MS = 15_000;
export const PROMO_DISCOUNT_PERCENT = 50;
export const PROMO_BAR_DELAY_MS = 3000;
/** 2 days 12 hours 30 minutes. */
export const PROMO_COUNTDOWN_START_S = ((2 * 24 + 12) * 60 + 30) * 60;

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What the countdown shows `elapsedMs` after it started; it stops at zero. */
export function countdownAt(elapsedMs: number): Countdown {
  const left = Math.max(0, PROMO_COUNTDOWN_START_S - Math.floor(elapsedMs / 1000));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3600),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
  };
}
