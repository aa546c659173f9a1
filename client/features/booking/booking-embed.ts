import EmbedSnippet from '@calcom/embed-snippet';
import type { CalEmbedTarget } from '#shared/cal-embed.ts';

// Cal.com's inline booker, through its official loader (@calcom/embed-snippet): the loader queues our calls and
// adds Cal.com's embed script to the page; the script then frames the booking page inside `element` and
// reports back through events. Nothing of it loads before the booking dialog first opens.

export interface BookingEmbedOptions extends CalEmbedTarget {
  namespace: string;
  layout: 'month_view';
}

export interface BookingEmbedEvents {
  /** The booking page is showing. */
  onReady(): void;
  /** The script or the booking page could not load. */
  onFailed(): void;
  /** The visitor booked a slot. */
  onBooked(): void;
}

function scriptFor(url: string): HTMLScriptElement | undefined {
  return [...document.scripts].find((script) => script.src === url);
}

/** Shows the booker in `element`; the returned function stops listening (call it when the dialog closes). */
export function mountBookingEmbed(element: HTMLElement, options: BookingEmbedOptions, events: BookingEmbedEvents) {
  const { namespace, calOrigin, calLink, embedJsUrl, layout } = options;
  const Cal = EmbedSnippet(embedJsUrl);
  // The loader adds Cal.com's script on its first call (the script's events come later, never during it).
  Cal('init', namespace, { origin: calOrigin });
  const script = scriptFor(embedJsUrl);
  const onScriptError = () => {
    // Forget the failed loader so that the next opening tries again instead of queueing forever.
    script?.remove();
    if (window.Cal === Cal) Reflect.deleteProperty(window, 'Cal');
    events.onFailed();
  };
  script?.addEventListener('error', onScriptError, { once: true });

  const api = Cal.ns[namespace];
  if (!api) {
    events.onFailed();
    return () => script?.removeEventListener('error', onScriptError);
  }
  let booked = false;
  const onBooked = () => {
    // Cal.com reports a booking twice (the current event and its deprecated twin): act once.
    if (booked) return;
    booked = true;
    events.onBooked();
  };
  const onReady = () => events.onReady();
  const onFailed = () => events.onFailed();
  api('on', { action: 'linkReady', callback: onReady });
  api('on', { action: 'linkFailed', callback: onFailed });
  api('on', { action: 'bookingSuccessfulV2', callback: onBooked });
  api('on', { action: 'bookingSuccessful', callback: onBooked });
  api('inline', { elementOrSelector: element, calLink, config: { layout } });

  return () => {
    script?.removeEventListener('error', onScriptError);
    // The namespace outlives this dialog: take our listeners off so a later opening does not fire them.
    const current = window.Cal?.ns?.[namespace];
    if (!current) return;
    current('off', { action: 'linkReady', callback: onReady });
    current('off', { action: 'linkFailed', callback: onFailed });
    current('off', { action: 'bookingSuccessfulV2', callback: onBooked });
    current('off', { action: 'bookingSuccessful', callback: onBooked });
  };
}
