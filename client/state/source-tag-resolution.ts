import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { settleSourceTag, sourceTagAtom } from './source-tag.ts';

/**
 * Source-tag resolution, run once by the layout: the 'source' query parameter wins and is stored, else the stored
 * value, else the default (stored too). Server renders use the default; the browser settles the real tag after
 * hydration, so both render the same first frame.
 */
export function useSourceTagResolution() {
  const [params] = useSearchParams();
  const query = params.get('source');
  const setTag = useSetAtom(sourceTagAtom);
  useEffect(() => setTag(settleSourceTag(query)), [query, setTag]);
}
