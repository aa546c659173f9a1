import { useEffect } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';

/** Keeps the `mobile` device-hint class (set first by the boot script) true to the viewport. */
export function useMobileHint() {
  useEffect(() => {
    const query = window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`);
    const update = () => document.documentElement.classList.toggle('mobile', query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
}
