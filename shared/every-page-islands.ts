/**
 * The module behind which the islands every marketing page hydrates at once are imported
 * (client/islands/every-page-islands.ts). The build puts it and what it imports in one chunk, and the server preloads
 * that with the islands' entry: one request and one preload link rather than about twenty small ones, each of which
 * costs the main thread while the page boots.
 */
export const EVERY_PAGE_ISLANDS = 'client/islands/every-page-islands.ts';
