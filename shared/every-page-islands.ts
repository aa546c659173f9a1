/**
 * The islands every marketing page hydrates at once (client/layout/marketing-layout.tsx), by source file. The build
 * puts them and what they import in one chunk, and the server preloads it with the islands' entry: one request and
 * one preload link rather than about twenty small ones, each of which costs the main thread while the page boots.
 */
export const EVERY_PAGE_ISLANDS = [
  'client/layout/site-header.tsx',
  'client/islands/page-dialogs.tsx',
  'client/islands/page-effects.tsx',
] as const;
