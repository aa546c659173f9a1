import { useEffect } from 'react';

// `<html data-hydrated="true">` says the page answers its first input. Browser tests wait for it; so could a
// monitoring script. Marketing pages set it once their first islands have hydrated (client/islands/boot.tsx).

/** For the operator pages' layout: effects run children first, so when this one runs the whole page has. */
export function useLayoutHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
