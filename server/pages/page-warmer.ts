// A page enters the cache behind the first visitor who asks for it, and leaves it once it has been stale for
// the grace period. On a site with a visit every few minutes that would be nearly every visitor: each would
// wait for a streamed render instead of getting the cached bytes. So the pages a visitor lands on (the
// sitemap's) are rendered into the cache when the server starts, then looked at one at a time, round and
// round, and rendered again when due, before they are stale (docs/decisions/0005-page-cache-and-csp.md).

export interface PageWarmerOptions {
  /** The paths to keep in the cache, asked again at the start of every round. */
  paths(): Promise<string[]>;
  /** Renders the page of `path` into the cache when it is due (PageCache.fill with `early`); never rejects. */
  fill(path: string): Promise<void>;
  /**
   * How long a round of every path takes after the first: under a sixth of the cache's time to live, so a page
   * is renewed before it is stale. The paths are spread evenly over it, so renders come one at a time, never in
   * a burst that would hold up the requests around it.
   */
  roundMs: number;
  onError(error: unknown): void;
}

export interface PageWarmer {
  /** Nothing is filled after this; resolves once the page being filled, if any, is done. */
  stop(): Promise<void>;
}

/** Fills every path at once, one after the other, then one path every `roundMs / paths`. */
export function keepPagesWarm({ paths, fill, roundMs, onError }: PageWarmerOptions): PageWarmer {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let step: Promise<void> = Promise.resolve();
  let round: string[] = [];
  let pause = roundMs;

  async function nextRound(): Promise<void> {
    round = await paths();
    pause = roundMs / Math.max(1, round.length);
  }

  async function warmAll(): Promise<void> {
    await nextRound();
    for (let path = round.shift(); path !== undefined && !stopped; path = round.shift()) await fill(path);
  }

  async function warmOne(): Promise<void> {
    if (round.length === 0) await nextRound();
    const path = round.shift();
    if (path !== undefined && !stopped) await fill(path);
  }

  function run(task: () => Promise<void>): void {
    step = task()
      .catch(onError)
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(() => run(warmOne), pause);
        // Nothing of a warm cache is worth keeping a stopping process alive.
        timer.unref();
      });
  }

  run(warmAll);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await step;
    },
  };
}
