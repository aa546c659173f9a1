import { expect, test } from 'vitest';
import { fakeTimers } from '#tests/support/fake-timers.ts';
import { createQuery, KEEP_FOR_MS, RETRY_DELAY_MS, STALE_AFTER_MS } from './query-cache.ts';

const T0 = Date.UTC(2026, 10, 2, 9, 0, 0);

/** A query over a counter that answers each load with the next number, or fails as told. */
function harness(options: { failures?: number; shouldRetry?: (error: unknown) => boolean } = {}) {
  const clock = fakeTimers(T0);
  let loads = 0;
  let failuresLeft = options.failures ?? 0;
  const query = createQuery({
    key: (month: string) => month,
    load: async (month: string) => {
      loads++;
      if (failuresLeft > 0) {
        failuresLeft--;
        throw new Error(`load ${loads} failed`);
      }
      return `${month}: ${loads}`;
    },
    clock,
    shouldRetry: options.shouldRetry,
  });
  return { clock, query, loads: () => loads };
}

test('a first load goes idle -> loading -> success and remembers when', async () => {
  const { clock, query, loads } = harness();
  expect(query.get('nov').status).toBe('idle');
  const done = query.ensure('nov');
  expect(query.get('nov')).toMatchObject({ status: 'loading', fetching: true, data: undefined });
  await done;
  expect(query.get('nov')).toMatchObject({ status: 'success', fetching: false, data: 'nov: 1', updatedAt: T0 });
  expect(loads()).toBe(1);
  expect(clock.pending()).toBe(1); // the drop timer of an unwatched entry
});

test('data is fresh for 60 s: ensure keeps it; from 60 s on it is stale and ensure reloads', async () => {
  const { clock, query, loads } = harness();
  const stop = query.subscribe('nov', () => {});
  await query.ensure('nov');
  await clock.advance(STALE_AFTER_MS - 1);
  expect(query.isStale('nov')).toBe(false);
  await query.ensure('nov');
  expect(loads()).toBe(1);
  await clock.advance(1);
  expect(query.isStale('nov')).toBe(true);
  await query.ensure('nov');
  expect(loads()).toBe(2);
  expect(query.get('nov').data).toBe('nov: 2');
  stop();
});

test('refetch loads even fresh data, keeps the old data visible meanwhile, and joins a load in flight', async () => {
  const { query, loads } = harness();
  await query.ensure('nov');
  const first = query.refetch('nov');
  const second = query.refetch('nov');
  expect(query.get('nov')).toMatchObject({ status: 'success', fetching: true, data: 'nov: 1' });
  await Promise.all([first, second]);
  expect(loads()).toBe(2);
  expect(query.get('nov').data).toBe('nov: 2');
});

test('a watched entry is kept; once unwatched it is kept 5 minutes, then dropped', async () => {
  const { clock, query, loads } = harness();
  const stop = query.subscribe('nov', () => {});
  await query.ensure('nov');
  await clock.advance(KEEP_FOR_MS * 2);
  expect(query.get('nov').data).toBe('nov: 1');
  stop();
  await clock.advance(KEEP_FOR_MS - 1);
  expect(query.get('nov').data).toBe('nov: 1');
  await clock.advance(1);
  expect(query.get('nov').status).toBe('idle');
  await query.ensure('nov');
  expect(loads()).toBe(2);
});

test('watching again within the 5 minutes keeps the entry', async () => {
  const { clock, query } = harness();
  query.subscribe('nov', () => {})();
  await query.ensure('nov');
  await clock.advance(KEEP_FOR_MS - 1000);
  const stop = query.subscribe('nov', () => {});
  await clock.advance(KEEP_FOR_MS * 2);
  expect(query.get('nov').data).toBe('nov: 1');
  stop();
});

test('a failed load is retried once after a pause and then succeeds', async () => {
  const { clock, query, loads } = harness({ failures: 1 });
  const done = query.ensure('nov');
  await clock.settle();
  expect(loads()).toBe(1);
  expect(query.get('nov').status).toBe('loading');
  await clock.advance(RETRY_DELAY_MS - 1);
  expect(loads()).toBe(1);
  await clock.advance(1);
  await done;
  expect(loads()).toBe(2);
  expect(query.get('nov')).toMatchObject({ status: 'success', data: 'nov: 2' });
});

test('two failures in a row end in error after exactly one retry', async () => {
  const { clock, query, loads } = harness({ failures: 2 });
  const done = query.ensure('nov');
  await clock.advance(RETRY_DELAY_MS * 10);
  await done;
  expect(loads()).toBe(2);
  expect(query.get('nov')).toMatchObject({ status: 'error', fetching: false, data: undefined });
  expect(String(query.get('nov').error)).toContain('load 2 failed');
});

test('a failed refresh keeps the last data on screen', async () => {
  const { clock, query } = harness();
  await query.ensure('nov');
  const failing = createQuery({
    key: (month: string) => month,
    load: async (): Promise<string> => {
      throw new Error('offline');
    },
    clock,
  });
  failing.setData('nov', 'from before');
  const done = failing.refetch('nov');
  await clock.advance(RETRY_DELAY_MS);
  await done;
  expect(failing.get('nov')).toMatchObject({ status: 'error', data: 'from before' });
});

test('an error the caller marks as final is not retried', async () => {
  const { clock, query, loads } = harness({ failures: 1, shouldRetry: () => false });
  await query.ensure('nov');
  await clock.advance(RETRY_DELAY_MS * 10);
  expect(loads()).toBe(1);
  expect(query.get('nov').status).toBe('error');
});

test('listeners hear every change; entries are separate per key', async () => {
  const { query } = harness();
  const seen: string[] = [];
  const stop = query.subscribe('nov', () => seen.push(query.get('nov').status));
  await query.ensure('nov');
  await query.ensure('dec');
  expect(seen).toEqual(['loading', 'success']);
  expect(query.get('dec').data).toBe('dec: 2');
  stop();
});

test('setData stores data without a load; remove empties the entry and discards a load in flight', async () => {
  const { query, loads } = harness();
  const seen: (string | undefined)[] = [];
  const stop = query.subscribe('nov', () => seen.push(query.get('nov').data));
  query.setData('nov', 'signed in');
  expect(query.get('nov')).toMatchObject({ status: 'success', data: 'signed in', updatedAt: T0 });
  expect(query.isStale('nov')).toBe(false);
  const inFlight = query.refetch('nov');
  query.remove('nov');
  await inFlight;
  expect(loads()).toBe(1);
  expect(query.get('nov').status).toBe('idle');
  expect(seen).toEqual(['signed in', 'signed in', undefined]);
  // Still watched: a new load reaches the same listener.
  await query.ensure('nov');
  expect(seen.at(-1)).toBe('nov: 2');
  stop();
});

test('clear forgets every entry of a query', async () => {
  const { query } = harness();
  await query.ensure('nov');
  await query.ensure('dec');
  query.clear();
  expect(query.get('nov').status).toBe('idle');
  expect(query.get('dec').status).toBe('idle');
});
