import { createContext, use } from 'react';

/**
 * The island a component renders in: its name and, for an island placed more than once on a page, the id that
 * tells the places apart. Set by `Island` on the server and by the island's root in the browser, so both agree.
 */
export interface IslandPlace {
  name: string;
  id?: string;
}

export const IslandContext = createContext<IslandPlace | null>(null);

/**
 * An element id for `local` within this island, the same in the server's page and the island's own root. React's
 * `useId` numbers by position from the root, and an island's root is not the page's, so its ids would not match
 * the server's (docs/decisions/0020-marketing-pages-as-islands.md).
 */
export function useIslandId(local: string): string {
  const place = use(IslandContext);
  if (!place) return local;
  return [place.name, place.id, local].filter(Boolean).join('-');
}
