/**
 * The CSS that lets a change from one of the site's pages to another cross-fade, with no script: the browser's own
 * cross-document view transition, which runs only when both pages opt in. Every HTML page the server sends carries
 * it in a `<style>` of its own (the app's pages, the consent receipt, the error page, the offline page), so the
 * browser knows before any stylesheet arrives, and a link between them never lands on a page that does not opt in,
 * which Chromium reports on the page left as an error. Not with reduced motion. While the fade runs (250 ms) the
 * browser shows it rather than the page: a tap then does nothing (docs/decisions/0020-marketing-pages-as-islands.md).
 */
export const CROSS_PAGE_FADE_CSS =
  '@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }';
