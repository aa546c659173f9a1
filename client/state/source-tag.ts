import { atom, useAtomValue } from 'jotai';
import { DEFAULT_SOURCE_TAG, resolveSourceTag, SOURCE_TAG_STORAGE_KEY } from '#shared/source-tag.ts';

/** The source tag every outgoing lead and visit carries as `source_tag` (docs/product-rules.md#source-tags). */
export const sourceTagAtom = atom<string>(DEFAULT_SOURCE_TAG);

function readStored(): string | null {
  try {
    return localStorage.getItem(SOURCE_TAG_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The tag for a page whose `source` query parameter is `query`, stored for the pages after it. */
export function settleSourceTag(query: string | null): string {
  const tag = resolveSourceTag({ query, stored: readStored() });
  try {
    localStorage.setItem(SOURCE_TAG_STORAGE_KEY, tag);
  } catch {}
  return tag;
}

export function useSourceTag(): string {
  return useAtomValue(sourceTagAtom);
}
