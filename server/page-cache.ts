import crypto from 'node:crypto';
import type { Clock } from '#shared/clock.ts';

// NOTES: marketing pages are the same for every visitor, and rendering them costs far more than sending them.
// A page is rendered once more in the background, whole, with a marker in place of the CSP nonce; later
// requests for the same page get those bytes with their own nonce put in. Nothing else in a page depends on
// who asks. Pages are keyed by `pageKeyOf` (shared/page-query.ts): the path plus the few query parameters that
// change the HTML, so a new query string (?utm_…, ?fbclid…) neither renders again nor takes more memory.

interface Entry {
  status: number;
  /** The page split at the marker nonce: joining with a response's nonce gives its HTML. */
  parts: string[];
  /** What the page counts against `maxBytes`: its UTF-8 size. */
  bytes: number;
  storedAt: number;
}

export interface PageCache {
  /** The page kept under `key` with `nonce` in every place a nonce goes, while it is fresh. */
  get(key: string, nonce: string): { status: number; html: string } | undefined;
  /** Renders the page of `key` into the cache unless it is fresh there or already being rendered. */
  fill(key: string, render: (nonce: string) => Promise<{ status: number; html: string } | undefined>): void;
  /** What the cache holds now. */
  size(): { entries: number; bytes: number };
}

export interface PageCacheOptions {
  clock: Clock;
  /** How long a rendered page is served again; bounds how stale anything time-dependent can get. */
  ttlMs?: number;
  /** Pages kept: past it, the least recently used goes first. */
  maxEntries?: number;
  /** Bytes of HTML kept (UTF-8): past it, the least recently used pages go first; a larger page is not kept. */
  maxBytes?: number;
  onError?(error: unknown): void;
}

export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export function createPageCache({
  clock,
  ttlMs = 60_000,
  maxEntries = 200,
  maxBytes = PAGE_CACHE_MAX_BYTES,
  onError,
}: PageCacheOptions): PageCache {
  // Map order is use order: least recently used first.
  const entries = new Map<string, Entry>();
  const rendering = new Set<string>();
  const marker = crypto.randomBytes(16).toString('base64url');
  let bytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  }

  function fresh(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (clock().getTime() - entry.storedAt >= ttlMs) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  function store(key: string, entry: Entry): void {
    remove(key);
    if (entry.bytes > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.bytes;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    get(key, nonce) {
      const entry = fresh(key);
      if (!entry) return undefined;
      entries.delete(key);
      entries.set(key, entry);
      return { status: entry.status, html: entry.parts.join(nonce) };
    },
    fill(key, render) {
      if (rendering.has(key) || fresh(key)) return;
      rendering.add(key);
      // A render that throws at once is a failed render like any other, not an error for the visitor's request.
      Promise.resolve()
        .then(() => render(marker))
        .then((page) => {
          // Only whole, ordinary pages: a 404 for every made-up path must not fill the cache.
          if (page?.status !== 200) return;
          const parts = page.html.split(marker);
          const size = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
          store(key, { status: page.status, parts, bytes: size, storedAt: clock().getTime() });
        })
        .catch((error: unknown) => onError?.(error))
        // Nothing is left to tell if reporting the failure failed too; the cache must still let the key go.
        .catch(() => {})
        .finally(() => rendering.delete(key));
    },
    size() {
      return { entries: entries.size, bytes };
    },
  };
}
