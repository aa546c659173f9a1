import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Clock } from '#shared/clock.ts';
import { type EncodedBody, encodedBody } from './encoded-body.ts';
import { hashInlineTags, type InlineSources } from './inline-hashes.ts';

// Marketing pages are the same for every visitor, and rendering them costs far more than sending them.
// A page is rendered once more in the background, whole, with a marker in place of the CSP nonce; the marker
// is then taken out and the page's inline scripts and styles hashed instead, so the page is the same bytes for
// every request: compressed once here and sent as they are, with a CSP that lists the hashes
// (docs/decisions/0005-page-cache-and-csp.md). Pages are keyed by `pageKeyOf` (shared/page-query.ts): the path plus
// the few query parameters that change the HTML, so a new query string (?utm_…, ?fbclid…) neither renders
// again nor takes more memory.

/** A page as the cache serves it. */
export interface CachedPage {
  status: number;
  /** The HTML without any nonce, in identity, gzip and brotli. */
  body: EncodedBody;
  /** What the page's CSP allows in place of the nonce it was rendered with. */
  inline: InlineSources;
}

interface Entry {
  page: CachedPage;
  storedAt: number;
}

export interface PageCache {
  /**
   * The page kept under `key` while it is fresh; once stale, undefined for the one request that is to render it
   * again, and the stale page for the others until that is done (within the grace period).
   */
  get(key: string): CachedPage | undefined;
  /**
   * Renders the page of `key` into the cache unless it is fresh there; resolves once that is done, or once the
   * render already under way for `key` is (never rejects: failures go to `onError`).
   */
  fill(
    key: string,
    render: (nonce: string) => Promise<{ status: number; html: string } | undefined>,
    options?: FillOptions,
  ): Promise<void>;
  /** What the cache holds now: bytes count every coding of every page. */
  size(): { entries: number; bytes: number };
}

export interface FillOptions {
  /**
   * The status the page is kept with: 200, or 404 for the one not-found page that stands for every path no page
   * has. Anything else is not kept.
   */
  status?: 200 | 404;
  /**
   * Render it again once half its time to live has passed, not only once stale: a page renewed this way often
   * enough (server/pages/page-warmer.ts) is never stale when a visitor asks for it.
   */
  early?: boolean;
}

export interface PageCacheOptions {
  clock: Clock;
  /** How long a rendered page is served again; bounds how stale anything time-dependent can get. */
  ttlMs?: number;
  /**
   * How long past `ttlMs` a page is still served while it is rendered again: the first request after it goes
   * stale renders it (and fills the cache), the others keep getting the stale page meanwhile, rather than all
   * rendering it at once. Past it, the page is gone.
   */
  graceMs?: number;
  /** Pages kept: past it, the least recently used goes first. */
  maxEntries?: number;
  /** Bytes kept (HTML in all its codings): past it, the least recently used pages go first; a larger page is not kept. */
  maxBytes?: number;
  onError?(error: unknown): void;
}

export const PAGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const PAGE_CACHE_TTL_MS = 60_000;

/** A request sent on to render a stale page that has not filled the cache by then (it failed) gets a successor. */
const CLAIM_MS = 10_000;

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/**
 * Gzip at its best level costs about a millisecond for a page; brotli's best (11) costs a few hundred, which
 * every page of a crawler's sweep would pay again each time it expires. Quality 5 is already smaller than gzip.
 */
async function compress(html: string): Promise<EncodedBody> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  return encodedBody(identity, { gzip: gz, br });
}

export function createPageCache({
  clock,
  ttlMs = PAGE_CACHE_TTL_MS,
  graceMs = ttlMs,
  maxEntries = 200,
  maxBytes = PAGE_CACHE_MAX_BYTES,
  onError,
}: PageCacheOptions): PageCache {
  // Map order is use order: least recently used first.
  const entries = new Map<string, Entry>();
  /** The render under way for each key, which a second fill for it waits on instead of rendering again. */
  const rendering = new Map<string, Promise<void>>();
  /** When a request was last sent on to render a stale page again. */
  const claims = new Map<string, number>();
  const marker = crypto.randomBytes(16).toString('base64url');
  let bytes = 0;

  function remove(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    claims.delete(key);
    bytes -= entry.page.body.size;
  }

  /** The entry while it may still be served: fresh, or stale by less than the grace period. */
  function usable(key: string, now: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= ttlMs + graceMs) {
      remove(key);
      return undefined;
    }
    return entry;
  }

  const isFresh = (entry: Entry, now: number, within = ttlMs) => now - entry.storedAt < within;

  function store(key: string, entry: Entry): void {
    remove(key);
    if (entry.page.body.size > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.page.body.size;
    for (const oldest of entries.keys()) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest);
    }
  }

  return {
    get(key) {
      const now = clock().getTime();
      const entry = usable(key, now);
      if (!entry) return undefined;
      if (
        !isFresh(entry, now) &&
        !rendering.has(key) &&
        now - (claims.get(key) ?? Number.NEGATIVE_INFINITY) >= CLAIM_MS
      ) {
        // This request renders the page again (and fills it); until that is done the others get the stale one.
        claims.set(key, now);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry.page;
    },
    fill(key, render, { status: expectedStatus = 200, early = false } = {}) {
      const now = clock().getTime();
      const entry = usable(key, now);
      const underWay = rendering.get(key);
      if (underWay) return underWay;
      if (entry && isFresh(entry, now, early ? ttlMs / 2 : ttlMs)) return Promise.resolve();
      claims.delete(key);
      // A render that throws at once is a failed render like any other, not an error for the visitor's request.
      const done = Promise.resolve()
        .then(() => render(marker))
        .then(async (rendered) => {
          // Only whole pages with the status asked for: a 404 for every made-up path must not fill the cache.
          if (rendered?.status !== expectedStatus) return;
          const { html, sources } = hashInlineTags(rendered.html, marker);
          const page = { status: rendered.status, body: await compress(html), inline: sources };
          store(key, { page, storedAt: clock().getTime() });
        })
        .catch((error: unknown) => onError?.(error))
        // Nothing is left to tell if reporting the failure failed too; the cache must still let the key go.
        .catch(() => {})
        .finally(() => rendering.delete(key));
      rendering.set(key, done);
      return done;
    },
    size() {
      return { entries: entries.size, bytes };
    },
  };
}
