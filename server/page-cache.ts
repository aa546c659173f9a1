import crypto from 'node:crypto';
import type { Clock } from '#shared/clock.ts';

// NOTES: marketing pages are the same for every visitor, and rendering them costs far more than sending them.
// A page is rendered once more in the background, whole, with a marker in place of the CSP nonce; later
// requests for the same URL get those bytes with their own nonce put in. Nothing else in a page depends on
// who asks, so the cache is keyed by URL alone.

interface Entry {
  status: number;
  /** The page split at the marker nonce: joining with a response's nonce gives its HTML. */
  parts: string[];
  storedAt: number;
}

export interface PageCache {
  /** The page for `url` with `nonce` in every place a nonce goes, while it is fresh. */
  get(url: string, nonce: string): { status: number; html: string } | undefined;
  /** Renders `url` into the cache unless it is fresh there or already being rendered. */
  fill(url: string, render: (nonce: string) => Promise<{ status: number; html: string } | undefined>): void;
}

export interface PageCacheOptions {
  clock: Clock;
  /** How long a rendered page is served again; bounds how stale anything time-dependent can get. */
  ttlMs?: number;
  /** Distinct URLs kept (query strings make new ones): the least recently used goes first. */
  maxEntries?: number;
  onError?(error: unknown): void;
}

export function createPageCache({ clock, ttlMs = 60_000, maxEntries = 200, onError }: PageCacheOptions): PageCache {
  const entries = new Map<string, Entry>();
  const rendering = new Set<string>();
  const marker = crypto.randomBytes(16).toString('base64url');

  function fresh(url: string): Entry | undefined {
    const entry = entries.get(url);
    if (!entry) return undefined;
    if (clock().getTime() - entry.storedAt >= ttlMs) {
      entries.delete(url);
      return undefined;
    }
    return entry;
  }

  return {
    get(url, nonce) {
      const entry = fresh(url);
      if (!entry) return undefined;
      // Most recently used last, so eviction takes the oldest first.
      entries.delete(url);
      entries.set(url, entry);
      return { status: entry.status, html: entry.parts.join(nonce) };
    },
    fill(url, render) {
      if (rendering.has(url) || fresh(url)) return;
      rendering.add(url);
      // A render that throws at once is a failed render like any other, not an error for the visitor's request.
      Promise.resolve()
        .then(() => render(marker))
        .then((page) => {
          // Only whole, ordinary pages: a 404 for every made-up path must not fill the cache.
          if (page?.status !== 200) return;
          entries.set(url, { status: page.status, parts: page.html.split(marker), storedAt: clock().getTime() });
          for (const oldest of entries.keys()) {
            if (entries.size <= maxEntries) break;
            entries.delete(oldest);
          }
        })
        .catch((error: unknown) => onError?.(error))
        // Nothing is left to tell if reporting the failure failed too; the cache must still let the URL go.
        .catch(() => {})
        .finally(() => rendering.delete(url));
    },
  };
}
