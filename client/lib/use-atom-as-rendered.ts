import { type Atom, useStore } from 'jotai';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * An atom's value, read by an island that must hydrate as the server rendered it: `rendered` (a value that stays the
 * same from render to render) while it hydrates, whatever the page's store holds by then, and the store's value
 * right after. The store is the page's, shared by every island (docs/decisions/0020-marketing-pages-as-islands.md):
 * a tap on an island that hydrated first (the header's Try the AI, its theme toggle) may change it before this one has hydrated, and
 * markup the server did not render would make React discard the island's server HTML.
 */
export function useAtomAsRendered<Value>(anAtom: Atom<Value>, rendered: Value): Value {
  const store = useStore();
  return useSyncExternalStore(
    useCallback((changed: () => void) => store.sub(anAtom, changed), [store, anAtom]),
    () => store.get(anAtom),
    () => rendered,
  );
}
