import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
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

/**
 * Source-tag resolution, run once by the layout: the 'source' query parameter wins and is stored, else the stored
 * value, else the default (stored too). Server renders use the default; the browser settles the real tag after
 * hydration, so both render the same first frame.
 */
export function useSourceTagResolution() {
  const [params] = useSearchParams();
  const query = params.get('source');
  const setTag = useSetAtom(sourceTagAtom);
  useEffect(() => {
    const tag = resolveSourceTag({ query, stored: readStored() });
    try {
      localStorage.setItem(SOURCE_TAG_STORAGE_KEY, tag);
    } catch {}
    setTag(tag);
  }, [query, setTag]);
}

export function useSourceTag(): string {
  return useAtomValue(sourceTagAtom);
}
