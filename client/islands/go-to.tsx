import { useEffect } from 'react';

/** Sends the browser on to `url` once the page's code runs (the page itself says where, with a link). */
export function GoTo({ url }: { url: string }) {
  useEffect(() => window.location.assign(url), [url]);
  return null;
}
