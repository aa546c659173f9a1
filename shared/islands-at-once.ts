/**
 * The module behind which the islands every marketing page hydrates at once are imported
 * (client/islands/every-page-islands.ts). The build puts it and what it imports in one chunk, and the server preloads
 * that with the islands' entry: one request and one preload link rather than about twenty small ones, each of which
 * costs the main thread while the page boots.
 */
export const EVERY_PAGE_ISLANDS = 'client/islands/every-page-islands.ts';

/**
 * The other islands a page hydrates at once (`load="now"`), by the page's route id and the islands' source files. The
 * server preloads their chunks with the entry, so that the first screen's islands do not wait for the entry to ask for
 * their code, a round trip on a phone network, and another for what that code imports.
 * `tests/e2e/script-budget.spec.ts` checks that a marketing page runs nothing before its first input it did not ask
 * for at once.
 */
export const ISLANDS_AT_ONCE: Readonly<Record<string, readonly string[]>> = {
  home: ['client/features/home/hero.tsx'],
  // The first card's cover, the list's largest paint (client/features/blog/blog-card.tsx).
  blogs: ['client/components/lazy-image.tsx'],
  directory: ['client/islands/go-to.tsx'],
};
