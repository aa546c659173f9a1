import { useEffect } from 'react';
import { useAdPixel } from '#client/features/ad-pixel/use-ad-pixel.ts';
import { PromoBar } from '#client/features/promos/promo-bar.tsx';
import { PromoPopupWhenDue } from '#client/features/promos/promo-popup-when-due.tsx';
import { useMobileHint } from '#client/hooks/use-mobile-hint.ts';
import { useVisitTracking } from '#client/hooks/use-visit-tracking.ts';
import { prefetchPage } from '#client/lib/prefetch-page.ts';

/** The blog is the page visitors go to most from the others: fetched while the browser is idle. */
const LIKELY_NEXT = '/blogs';

/**
 * What a marketing page does besides answering clicks: the promotions, the visit count, the ad pixel's PageView,
 * the device hint, the likeliest next page fetched ahead. An island that hydrates with the first screen's, so that
 * its timers (a visit counts 1.5 s after the page opens, the promotion shows 15 s after) start with the page. The path is read here, not sent by the server: one not-found page is cached for
 * every path that has none.
 */
export function PageEffects() {
  // Only effects read it: the server's render (no window) shows nothing that depends on it.
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  useMobileHint();
  useVisitTracking(path);
  useAdPixel({ enabled: true, pathname: path });
  useEffect(() => {
    // When the browser is idle: the page's own requests come first.
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => prefetchPage(LIKELY_NEXT), 2000);
      return () => clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => prefetchPage(LIKELY_NEXT), { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  return (
    <>
      <PromoBar />
      <PromoPopupWhenDue />
    </>
  );
}
