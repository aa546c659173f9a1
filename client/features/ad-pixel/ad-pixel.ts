import { type LeadEvent, leadEventParams, PIXEL_SCRIPT_URL } from '#shared/ad-pixel.ts';

// Meta's pixel (docs/product-rules.md#ad-pixel), set up the way Meta's own base code does: a queueing `fbq` stub first,
// then the library, which takes the queue over once it arrives. Without a configured id nothing here ever runs, so
// `window.fbq` is the one sign that the pixel is on. Pixel failures are only logged: an ad blocker must not break the
// page.

interface PixelFunction {
  (...args: unknown[]): void;
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  push: (...args: unknown[]) => void;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    fbq?: PixelFunction;
    _fbq?: PixelFunction;
  }
}

function call(...args: unknown[]) {
  try {
    window.fbq?.(...args);
  } catch (error) {
    console.warn('Ad pixel call failed', error);
  }
}

/** Loads the pixel once per page life and initialises it with `pixelId`; later calls do nothing. */
export function startAdPixel(pixelId: string) {
  if (window.fbq) return;
  const stub: PixelFunction = Object.assign(
    (...args: unknown[]) => {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    },
    { queue: [], loaded: true, version: '2.0', push: (...args: unknown[]) => stub(...args) },
  );
  window.fbq = stub;
  window._fbq ??= stub;
  call('init', pixelId);
  // The stub queues events at once; the library itself waits until the browser has nothing better to do.
  const load = () => {
    const script = document.createElement('script');
    script.async = true;
    script.src = PIXEL_SCRIPT_URL;
    script.addEventListener('error', () => console.warn('Ad pixel script failed to load'));
    document.head.append(script);
  };
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(load, { timeout: 5000 });
  else setTimeout(load, 2000);
}

/** A PageView on each route change. */
export function trackPageView() {
  call('track', 'PageView');
}

/** A 'Lead' event for a submitted form; nothing happens when no pixel is configured. */
export function trackLead(event: LeadEvent) {
  call('track', 'Lead', leadEventParams(event));
}
