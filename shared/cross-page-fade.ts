/**
 * The CSS that lets a change from one of the site's pages to another cross-fade, with no script: the browser's own
 * cross-document view transition, which runs only when both pages opt in. Every HTML page the server sends carries
 * it (the app's pages, the consent receipt, the error page, the offline page's stylesheet), so a link between them
 * never lands on a page that does not, which Chromium reports on the page left as an error. Not with reduced motion.
 */
export const CROSS_PAGE_FADE_CSS =
  '@media (prefers-reduced-motion: no-preference) { @view-transition { navigation: auto; } }';
