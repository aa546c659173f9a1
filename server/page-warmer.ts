// A page enters the cache behind the first visitor who asks for it, and leaves it once it has been stale for
// the grace period. On a site with a visit every few minutes that would be nearly every visitor: each would
// wait for a streamed render instead of getting the cached bytes. So the pages a visitor lands on (the
// sitemap's) are rendered into the cache when the server starts and again before they go stale, one at a
// time, off any request (docs/decisions/page-cache-and-csp.md).

export interface PageWarmerOptions {
  /** The paths to keep in the cache, asked again at every pass. */
  paths(): Promise<string[]>;
  /** Renders the page of `path` into the cache when it is due (PageCache.fill with `early`); never rejects. */
  fill(path: string): Promise<void>;
  /** The pause between passes: under a sixth of the cache's time to live, so a page is renewed before it is stale. */
  everyMs: number;
  onError(error: unknown): void;
}

export interface PageWarmer {
  /** No pass starts after this; resolves once the pass under way, if any, is done. */
  stop(): Promise<void>;
}

/** Starts a pass at once, then one `everyMs` after the end of each. */
export function keepPagesWarm({ paths, fill, everyMs, onError }: PageWarmerOptions): PageWarmer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();

  async function warm(): Promise<void> {
    for (const path of await paths()) {
      if (stopped) return;
      await fill(path);
    }
  }

  function next(): void {
    pass = warm()
      .catch(onError)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(next, everyMs);
        // Nothing of a warm cache is worth keeping a stopping process alive.
        timer.unref();
      });
  }

  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await pass;
    },
  };
}
