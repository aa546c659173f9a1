import { useEffect, useRef } from 'react';
import { NAV_CLOSE_DELAY_MS, NAV_HOVER_DELAY_MS, NAV_SKIP_DELAY_MS } from '#shared/ui-timing.ts';
import { prefetchRoute } from '../route-prefetch.ts';

let lastPrefetchAt = Number.NEGATIVE_INFINITY;

/**
 * Navigation-menu timing of SPEC §9 applied to intent: resting on a link for the hover delay loads its
 * page; moving on to the next link within the skip delay loads at once; leaving cancels after the close delay.
 */
export function useHoverPrefetch() {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (path: string) => ({
    onPointerEnter() {
      clearTimeout(timer.current);
      const delay = performance.now() - lastPrefetchAt < NAV_SKIP_DELAY_MS ? 0 : NAV_HOVER_DELAY_MS;
      timer.current = setTimeout(() => {
        lastPrefetchAt = performance.now();
        void prefetchRoute(path);
      }, delay);
    },
    onPointerLeave() {
      const pending = timer.current;
      setTimeout(() => clearTimeout(pending), NAV_CLOSE_DELAY_MS);
    },
  });
}
