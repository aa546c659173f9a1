import { createHoverIntent, type HoverIntent } from '#client/lib/hover-intent.ts';
import { prefetchPage } from '#client/lib/prefetch-page.ts';
import { NAV_CLOSE_DELAY_MS, NAV_HOVER_DELAY_MS, NAV_SKIP_DELAY_MS } from '#shared/ui-timing.ts';

// One scheduler for every nav link, so the skip delay spans items. Created on first use (browser only).
let intent: HoverIntent<string> | undefined;

function navIntent() {
  intent ??= createHoverIntent({
    hoverDelayMs: NAV_HOVER_DELAY_MS,
    skipDelayMs: NAV_SKIP_DELAY_MS,
    closeDelayMs: NAV_CLOSE_DELAY_MS,
    // A hover opens nothing on screen here: triggering a link fetches its page, and closing has nothing to undo.
    onOpen: (path) => prefetchPage(path),
    clock: {
      now: () => performance.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer),
    },
  });
  return intent;
}

/** The navigation menus' hover timing applied to intent: a link the pointer rests on loads its page ahead. */
export function useHoverPrefetch() {
  return (path: string) => ({
    onPointerEnter: () => navIntent().enter(path),
    onPointerLeave: () => navIntent().leave(path),
  });
}
