import { useEffect, useState } from 'react';
import {
  countdownDuration,
  countdownParts,
  PROMO_BAR_DELAY_MS,
  PROMO_COUNTDOWN_START_S,
  PROMO_COUNTDOWN_TICK_MS,
  secondsLeftAt,
} from '#shared/promo.ts';

/**
 * The promo bar appears after 3 s with a countdown from 2 d 12 h 30 m that ticks each second and stops at zero, yet
 * renders no visible content. So the countdown is real state on a `hidden` <time>: no box (nothing shifts), nothing
 * read aloud each second, and only this leaf re-renders on a tick.
 */
export function PromoBar() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PROMO_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shown ? <PromoCountdown /> : null;
}

function PromoCountdown() {
  const [secondsLeft, setSecondsLeft] = useState(PROMO_COUNTDOWN_START_S);
  useEffect(() => {
    // Time left comes from the elapsed time, not a count of ticks, so a late, throttled or skipped tick
    // (a background tab) never makes the countdown drift.
    const startedAt = performance.now();
    let interval: ReturnType<typeof setInterval> | undefined;
    let finished = false;
    const stop = () => {
      clearInterval(interval);
      interval = undefined;
    };
    const tick = () => {
      const left = secondsLeftAt(performance.now() - startedAt);
      setSecondsLeft(left);
      if (left > 0) return;
      finished = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
    const start = () => {
      if (interval !== undefined || finished) return;
      tick();
      if (!finished) interval = setInterval(tick, PROMO_COUNTDOWN_TICK_MS);
    };
    // One interval at most, and none while the tab is hidden: nobody is there to be counted down to.
    function onVisibilityChange() {
      if (document.hidden) stop();
      else start();
    }
    document.addEventListener('visibilitychange', onVisibilityChange);
    if (!document.hidden) interval = setInterval(tick, PROMO_COUNTDOWN_TICK_MS);
    return () => {
      stop();
      document.removeEventListener('visibilitychange', onVisibilityChange);
    };
  }, []);
  return (
    <time
      hidden
      data-promo-bar=""
      data-seconds-left={secondsLeft}
      dateTime={countdownDuration(countdownParts(secondsLeft))}
    />
  );
}
