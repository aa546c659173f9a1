import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { type CacheClock, IDLE, type Query, type QueryState } from './query-cache.ts';

/** The browser's clock and timers for the cache. */
export const browserClock: CacheClock<ReturnType<typeof setTimeout>> = {
  now: () => Date.now(),
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer),
};

export interface UseQueryResult<T> extends QueryState<T> {
  refetch: () => Promise<void>;
}

/**
 * Shows a cached query in a component. With `enabled` it loads on mount when the data is missing or stale (stale after
 * 60 s); otherwise only `refetch` loads. Server renders see the idle state.
 */
export function useQuery<P, T>(query: Query<P, T>, params: P, { enabled = true } = {}): UseQueryResult<T> {
  const subscribe = useCallback((listener: () => void) => query.subscribe(params, listener), [query, params]);
  const state = useSyncExternalStore(
    subscribe,
    () => query.get(params),
    (): QueryState<T> => IDLE,
  );
  useEffect(() => {
    if (enabled) void query.ensure(params);
  }, [enabled, query, params]);
  const refetch = useCallback(() => query.refetch(params), [query, params]);
  return { ...state, refetch };
}
