import { type ComponentType, useEffect, useState } from 'react';
import { PROMO_POPUP_DELAY_MS } from '#shared/promo.ts';

const DISMISSED_KEY = 'promo_popup_dismissed';

type PromoPopupComponent = ComponentType<{ onDismiss(): void }>;

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The promo popup appears 15 s after load, until the visitor dismisses it for the session. Its code loads only once it
 * is due, so nothing of it weighs on the first 15 seconds; it is shown as soon as it has arrived (no Suspense boundary,
 * whose reveal would wait on another timer).
 */
export function PromoPopupWhenDue() {
  const [Popup, setPopup] = useState<PromoPopupComponent | null>(null);
  useEffect(() => {
    // A page restored from the back/forward cache comes back as it was left, its popup showing or its timer running:
    // one dismissed on another page since stays dismissed.
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted && dismissedThisSession()) setPopup(null);
    };
    window.addEventListener('pageshow', restored);
    let cancelled = false;
    const timer = setTimeout(() => {
      if (dismissedThisSession()) return;
      import('./promo-popup.tsx').then(
        (module) => cancelled || setPopup(() => module.PromoPopup),
        (error: unknown) => console.warn('the promo popup could not load', error),
      );
    }, PROMO_POPUP_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('pageshow', restored);
    };
  }, []);
  if (!Popup) return null;
  const dismiss = () => {
    setPopup(null);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {}
  };
  return <Popup onDismiss={dismiss} />;
}
