// The service worker registers on load; a failure is only logged (docs/product-rules.md#quiet-failures).
function registerServiceWorker() {
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    console.warn('Service worker registration failed', error);
  });
}

/** For a browser entry, which may run after the load event (it awaits code first). */
export function registerServiceWorkerOnLoad(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
