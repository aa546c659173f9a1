import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { scrollToSection, scrollWindowTo, sectionOfHash, whenElementExists } from '#client/lib/smooth-scroll.ts';
import { SCROLL_TO_TOP_DURATION_MS, SECTION_SCROLL_DELAY_MS, SECTION_SCROLL_DURATION_MS } from '#shared/ui-timing.ts';

// How long a section named by a navigation may take to arrive (its page's code may still be loading).
const SECTION_WAIT_MS = 5000;

function sectionOf(state: unknown, hash: string): string | undefined {
  if (typeof state === 'object' && state !== null && 'scrollToSection' in state) {
    const section = state.scrollToSection;
    if (typeof section === 'string' && section) return section;
  }
  return sectionOfHash(hash);
}

/**
 * A section named by the hash or the navigation state is scrolled to (80 px offset, 50 ms delay, 600 ms); any other
 * change of page scrolls to the top in 300 ms.
 */
export function useRouteScrolling() {
  const location = useLocation();
  const previousPath = useRef<string | null>(null);
  useEffect(() => {
    const section = sectionOf(location.state, location.hash);
    const pathChanged = previousPath.current !== null && previousPath.current !== location.pathname;
    previousPath.current = location.pathname;
    if (section) {
      const controller = new AbortController();
      const timer = setTimeout(
        () =>
          whenElementExists(section, SECTION_WAIT_MS, controller.signal, () =>
            scrollToSection(section, SECTION_SCROLL_DURATION_MS),
          ),
        SECTION_SCROLL_DELAY_MS,
      );
      return () => {
        clearTimeout(timer);
        controller.abort();
      };
    }
    if (pathChanged) scrollWindowTo(0, SCROLL_TO_TOP_DURATION_MS);
    return undefined;
  }, [location]);
}
