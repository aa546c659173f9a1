import { useEffect } from 'react';
import { usePublicConfig } from '#client/public-config.tsx';
import { startAdPixel, trackPageView } from './ad-pixel.ts';

/**
 * With a pixel id configured, the pixel loads after hydration (never during the server render or before the page is
 * interactive) and counts a PageView for the first page and every route change after it. `enabled: false` (the operator
 * pages) neither loads it nor counts the page.
 */
export function useAdPixel({ enabled, pathname }: { enabled: boolean; pathname: string }) {
  const { metaPixelId } = usePublicConfig();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new path is a new PageView.
  useEffect(() => {
    if (!metaPixelId || !enabled) return;
    startAdPixel(metaPixelId);
    trackPageView();
  }, [metaPixelId, pathname, enabled]);
}
