/**
 * Asks the browser to fetch the page at `path` ahead of a likely visit, once, with `<link rel=prefetch>`: the
 * marketing pages are loaded as documents, which the server answers from its page cache. Browsers with the
 * Speculation Rules API do the same from the page's rules (docs/decisions/0020-marketing-pages-as-islands.md);
 * a second ask for the same URL costs them nothing.
 */
const asked = new Set<string>();

export function prefetchPage(path: string): void {
  if (asked.has(path) || path === window.location.pathname) return;
  asked.add(path);
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = path;
  document.head.append(link);
}
