import { lazy, Suspense, useEffect, useState } from 'react';
import { PROMO_POPUP_DELAY_MS } from '#shared/promo.ts';

const DISMISSED_KEY = 'promo_popup_dismissed';

// The popup's code loads only once it is due: nothing of it weighs on the first visit's first 15 seconds.
const PromoPopup = lazy(() => import('./promo-popup.tsx').then((m) => ({ default: m.PromoPopup })));

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) !== null;
  } catch {
    return false;
  }
}

/** SPEC §2, §9: the promo popup appears 15 s after load, until the visitor dismisses it for the session. */
export function PromoPopupWhenDue() {
  const [due, setDue] = useState(false);
  useEffect(() => {
    if (dismissedThisSession()) return;
    const timer = setTimeout(() => setDue(true), PROMO_POPUP_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!due) return null;
  const dismiss = () => {
    setDue(false);
    try {
      sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {}
  };
  return (
    <Suspense fallback={null}>
      <PromoPopup onDismiss={dismiss} />
    </Suspense>
  );
}
