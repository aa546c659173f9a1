// The client data cache (docs/product-rules.md#data-cache): data is stale after 60 s, kept 5 minutes once nothing shows
// it, a failed load is retried once, and nothing refetches on window focus (no focus listener exists). Small on
// purpose: the operator pages need only this, not a query library (docs/decisions/0008-query-cache.md). Time and
// timers are injected so tests drive a fake clock.

/** How long data stays fresh, how long an unwatched entry is kept, and how often a failed load is retried. */
export const STALE_AFTER_MS = 60_000;
export const KEEP_FOR_MS = 300_000;
export const RETRIES = 1;
/** The pause before the retry. */
export const RETRY_DELAY_MS = 1000;

export interface CacheClock<Timer> {
  now: () => number;
  setTimer: (run: () => void, ms: number) => Timer;
  clearTimer: (timer: Timer) => void;
}

export interface QueryState<T> {
  /** 'idle' until the first load starts; 'error' only when the last load failed, even after its retry. */
  status: 'idle' | 'loading' | 'success' | 'error';
  /** The last data loaded; kept while a refresh runs or after a failed refresh. */
  data: T | undefined;
  error: unknown;
  /** Epoch ms of the last successful load. */
  updatedAt: number | null;
  /** A load (first or refresh) is in flight. */
  fetching: boolean;
}

export const IDLE: QueryState<never> = {
  status: 'idle',
  data: undefined,
  error: undefined,
  updatedAt: null,
  fetching: false,
};

export interface QueryOptions<P, T, Timer> {
  /** One cache entry per key. */
  key: (params: P) => string;
  load: (params: P) => Promise<T>;
  clock: CacheClock<Timer>;
  /** Errors that a second attempt cannot fix (a refused sign-in, say) are not retried. */
  shouldRetry?: (error: unknown) => boolean;
  staleAfterMs?: number;
  keepForMs?: number;
  retries?: number;
  retryDelayMs?: number;
}

interface Entry<T, Timer> {
  state: QueryState<T>;
  listeners: Set<() => void>;
  inFlight: Promise<void> | undefined;
  dropTimer: Timer | undefined;
  /** Bumped by `remove`, so that a load started before it cannot write into the emptied entry. */
  generation: number;
}

/** A cached, typed resource: one entry per key, each shared by every component that shows it. */
export interface Query<P, T> {
  get: (params: P) => QueryState<T>;
  /** Watches an entry; while watched it is never dropped. Returns the unsubscribe function. */
  subscribe: (params: P, listener: () => void) => () => void;
  /** Loads when there is no data yet or it is stale; otherwise keeps the cached data. */
  ensure: (params: P) => Promise<void>;
  /** Loads now (a Refresh button); joins a load already in flight. */
  refetch: (params: P) => Promise<void>;
  isStale: (params: P) => boolean;
  /** Puts known data in place (after a sign-in, say) without a request. */
  setData: (params: P, data: T) => void;
  /** Forgets an entry now (after a sign-out); a load in flight for it is discarded. */
  remove: (params: P) => void;
  /** Forgets every entry of this query. */
  clear: () => void;
}

export function createQuery<P, T, Timer>(options: QueryOptions<P, T, Timer>): Query<P, T> {
  const {
    clock,
    staleAfterMs = STALE_AFTER_MS,
    keepForMs = KEEP_FOR_MS,
    retries = RETRIES,
    retryDelayMs = RETRY_DELAY_MS,
    shouldRetry = () => true,
  } = options;
  const entries = new Map<string, Entry<T, Timer>>();

  function entryOf(key: string): Entry<T, Timer> {
    let entry = entries.get(key);
    if (!entry) {
      entry = { state: IDLE, listeners: new Set(), inFlight: undefined, dropTimer: undefined, generation: 0 };
      entries.set(key, entry);
    }
    return entry;
  }

  function update(entry: Entry<T, Timer>, change: Partial<QueryState<T>>) {
    // A new object per change: React compares snapshots by identity.
    entry.state = { ...entry.state, ...change };
    for (const listener of [...entry.listeners]) listener();
  }

  /** An entry nothing watches is dropped after keepForMs, so a page left open does not hoard old data. */
  function scheduleDrop(key: string, entry: Entry<T, Timer>) {
    if (entry.listeners.size > 0 || entry.dropTimer !== undefined) return;
    entry.dropTimer = clock.setTimer(() => {
      entry.dropTimer = undefined;
      if (entry.listeners.size === 0 && entries.get(key) === entry) entries.delete(key);
    }, keepForMs);
  }

  function cancelDrop(entry: Entry<T, Timer>) {
    if (entry.dropTimer !== undefined) clock.clearTimer(entry.dropTimer);
    entry.dropTimer = undefined;
  }

  function wait(ms: number) {
    return new Promise<void>((resolve) => clock.setTimer(resolve, ms));
  }

  async function attempt(params: P, entry: Entry<T, Timer>) {
    const generation = entry.generation;
    for (let tries = 0; ; tries++) {
      try {
        const data = await options.load(params);
        if (entry.generation !== generation) return;
        update(entry, { status: 'success', data, error: undefined, updatedAt: clock.now(), fetching: false });
        return;
      } catch (error) {
        if (entry.generation !== generation) return;
        if (tries >= retries || !shouldRetry(error)) {
          update(entry, { status: 'error', error, fetching: false });
          return;
        }
        await wait(retryDelayMs);
        if (entry.generation !== generation) return;
      }
    }
  }

  function load(params: P): Promise<void> {
    const key = options.key(params);
    const entry = entryOf(key);
    if (entry.inFlight) return entry.inFlight;
    update(entry, { status: entry.state.data === undefined ? 'loading' : entry.state.status, fetching: true });
    const run = attempt(params, entry).finally(() => {
      if (entry.inFlight === run) entry.inFlight = undefined;
      scheduleDrop(key, entry);
    });
    entry.inFlight = run;
    return run;
  }

  /** Forgets an entry now; whoever still watches it sees an empty entry, an unwatched one is gone at once. */
  function forget(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entry.generation++;
    entry.inFlight = undefined;
    cancelDrop(entry);
    if (entry.listeners.size === 0) entries.delete(key);
    update(entry, IDLE);
  }

  function isStale(params: P): boolean {
    const { updatedAt } = entryOf(options.key(params)).state;
    return updatedAt === null || clock.now() - updatedAt >= staleAfterMs;
  }

  return {
    get: (params) => entries.get(options.key(params))?.state ?? IDLE,
    subscribe(params, listener) {
      const key = options.key(params);
      const entry = entryOf(key);
      cancelDrop(entry);
      entry.listeners.add(listener);
      return () => {
        entry.listeners.delete(listener);
        scheduleDrop(key, entry);
      };
    },
    ensure: (params) => (isStale(params) ? load(params) : Promise.resolve()),
    refetch: load,
    isStale,
    setData(params, data) {
      const key = options.key(params);
      const entry = entryOf(key);
      update(entry, { status: 'success', data, error: undefined, updatedAt: clock.now() });
      scheduleDrop(key, entry);
    },
    remove: (params) => forget(options.key(params)),
    clear() {
      for (const key of [...entries.keys()]) forget(key);
    },
  };
}
