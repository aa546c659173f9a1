import { useEffect } from 'react';

const SHOWN_KEY = 'exit_intent_shown';
// A mouse that can leave the window: phones and tablets have no such gesture (desktop pointer only).
const DESKTOP_POINTER = '(hover: hover) and (pointer: fine)';

function shownThisSession(): boolean {
  try {
    return sessionStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    return true;
  }
}

function markShown(): void {
  try {
    sessionStorage.setItem(SHOWN_KEY, '1');
  } catch {}
}

/**
 * Exit intent (docs/product-rules.md#call-status): the mouse leaving through the top of the window runs `onExitIntent`,
 * once per session (session storage), and never over a dialog already open. Not `enabled` on an operator page (an
 * operator leaving /analytics is no lead).
 */
export function useExitIntent(onExitIntent: () => void, enabled: boolean) {
  useEffect(() => {
    if (!enabled || !window.matchMedia(DESKTOP_POINTER).matches || shownThisSession()) return;
    const onMouseOut = (event: MouseEvent) => {
      // relatedTarget null: the pointer left the document, not just one element; clientY ≤ 0: by the top.
      if (event.relatedTarget !== null || event.clientY > 0) return;
      if (document.querySelector('dialog[open]') || shownThisSession()) return;
      markShown();
      document.removeEventListener('mouseout', onMouseOut);
      onExitIntent();
    };
    document.addEventListener('mouseout', onMouseOut);
    return () => document.removeEventListener('mouseout', onMouseOut);
  }, [onExitIntent, enabled]);
}
