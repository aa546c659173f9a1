import { useEffect, useState } from 'react';
import { PROMO_BAR_DELAY_MS } from '#shared/promo.ts';

/**
 * SPEC §2: the promo bar becomes visible after 3 s with a countdown from 2 d 12 h 30 m, but renders no
 * visible content. Its countdown is derived from the time it appeared (shared/promo.ts `countdownAt`)
 * instead of ticking, so it costs nothing while there is nothing to show.
 */
export function PromoBar() {
  const [shownAt, setShownAt] = useState<number | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setShownAt(performance.now()), PROMO_BAR_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  return shownAt === null ? null : <div hidden data-promo-bar-since={Math.round(shownAt)} />;
}
