import { expect, test } from 'vitest';
import {
  createTrackingScheduler,
  parseLastTracked,
  shouldTrack,
  TRACKING_DELAY_MS,
  TRACKING_MIN_INTERVAL_MS,
} from './tracking-schedule.ts';

const T0 = Date.UTC(2026, 2, 2, 15, 0, 0);

/** A fake clock with timers that run only when time is advanced. */
function fakeClock(start: number) {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, { at: number; run: () => void }>();
  return {
    now: () => now,
    setTimer(run: () => void, ms: number) {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer(id: number) {
      timers.delete(id);
    },
    pending: () => timers.size,
    /** Moves time forward, running due timers in order, then lets settled promises continue. */
    async advance(ms: number) {
      const until = now + ms;
      for (;;) {
        const due = [...timers.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].run();
        await Promise.resolve();
      }
      now = until;
      for (let i = 0; i < 5; i++) await Promise.resolve();
    },
  };
}

function harness(options: { lastTrackedAt?: number | null; fail?: boolean } = {}) {
  const clock = fakeClock(T0);
  let stored = options.lastTrackedAt ?? null;
  // Settable between path changes: a network that is down, then back.
  const network = { down: options.fail ?? false };
  const posted: { path: string; at: number }[] = [];
  const errors: unknown[] = [];
  const scheduler = createTrackingScheduler({
    now: clock.now,
    setTimer: clock.setTimer,
    clearTimer: clock.clearTimer,
    loadLastTracked: () => stored,
    saveLastTracked: (at) => {
      stored = at;
    },
    track: async (path) => {
      if (network.down) throw new Error('network down');
      posted.push({ path, at: clock.now() });
    },
    onError: (error) => errors.push(error),
  });
  return { clock, scheduler, posted, errors, network, stored: () => stored };
}

test('visits wait 1.5 s after a path change and come at most once every 5 minutes', () => {
  expect(TRACKING_DELAY_MS).toBe(1500);
  expect(TRACKING_MIN_INTERVAL_MS).toBe(300_000);
});

test('shouldTrack: a path not yet tracked and never tracked before is tracked', () => {
  expect(shouldTrack({ path: '/', trackedPath: null, lastTrackedAt: null, now: T0 })).toBe(true);
});

test('shouldTrack: the same path is not tracked twice before the flag resets', () => {
  expect(shouldTrack({ path: '/blogs', trackedPath: '/blogs', lastTrackedAt: null, now: T0 })).toBe(false);
  expect(shouldTrack({ path: '/blogs', trackedPath: '/', lastTrackedAt: null, now: T0 })).toBe(true);
});

test('shouldTrack: skipped under five minutes since the last tracked visit, allowed at exactly five', () => {
  const check = { path: '/', trackedPath: null, lastTrackedAt: T0 };
  expect(shouldTrack({ ...check, now: T0 + TRACKING_MIN_INTERVAL_MS - 1 })).toBe(false);
  expect(shouldTrack({ ...check, now: T0 + TRACKING_MIN_INTERVAL_MS })).toBe(true);
});

test('shouldTrack: a last-tracked time in the future does not silence tracking', () => {
  expect(shouldTrack({ path: '/', trackedPath: null, lastTrackedAt: T0 + 60_000, now: T0 })).toBe(true);
});

test('parseLastTracked reads epoch milliseconds and ignores anything else', () => {
  expect(parseLastTracked(String(T0))).toBe(T0);
  expect(parseLastTracked(null)).toBeNull();
  expect(parseLastTracked('yesterday')).toBeNull();
  expect(parseLastTracked('-5')).toBeNull();
  expect(parseLastTracked('')).toBeNull();
});

test('a visit is posted 1500 ms after a path change, not before', async () => {
  const h = harness();
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS - 1);
  expect(h.posted).toEqual([]);
  await h.clock.advance(1);
  expect(h.posted).toEqual([{ path: '/', at: T0 + TRACKING_DELAY_MS }]);
  expect(h.stored()).toBe(T0 + TRACKING_DELAY_MS);
});

test('a path left before 1500 ms is never posted; the new path gets its own full delay', async () => {
  const h = harness();
  h.scheduler.pathChanged('/');
  await h.clock.advance(1000);
  h.scheduler.pathChanged('/blogs');
  await h.clock.advance(1000);
  expect(h.posted).toEqual([]);
  await h.clock.advance(500);
  expect(h.posted).toEqual([{ path: '/blogs', at: T0 + 2500 }]);
});

test('within five minutes of a tracked visit further path changes are skipped', async () => {
  const h = harness();
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS);
  h.scheduler.pathChanged('/blogs');
  await h.clock.advance(TRACKING_DELAY_MS);
  h.scheduler.pathChanged('/pricing');
  await h.clock.advance(60_000);
  expect(h.posted.map((p) => p.path)).toEqual(['/']);
});

test('after five minutes the next path change is tracked again, since the flag resets on every change', async () => {
  const h = harness();
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS);
  await h.clock.advance(TRACKING_MIN_INTERVAL_MS);
  h.scheduler.pathChanged('/blogs');
  await h.clock.advance(TRACKING_DELAY_MS);
  // Going back to an already tracked path counts too: the flag was reset by the change.
  await h.clock.advance(TRACKING_MIN_INTERVAL_MS);
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS);
  expect(h.posted.map((p) => p.path)).toEqual(['/', '/blogs', '/']);
});

test('the stored last-tracked time from an earlier page load is honoured', async () => {
  const h = harness({ lastTrackedAt: T0 - 60_000 });
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS);
  expect(h.posted).toEqual([]);

  const later = harness({ lastTrackedAt: T0 - TRACKING_MIN_INTERVAL_MS });
  later.scheduler.pathChanged('/');
  await later.clock.advance(TRACKING_DELAY_MS);
  expect(later.posted).toHaveLength(1);
});

test('a failed post is reported, stores nothing and leaves the next path free to track', async () => {
  const h = harness({ fail: true });
  h.scheduler.pathChanged('/');
  await h.clock.advance(TRACKING_DELAY_MS);
  expect(h.errors).toHaveLength(1);
  expect(h.stored()).toBeNull();
  expect(h.posted).toEqual([]);

  // Well within five minutes, the next page is posted: the failure did not count as a tracked visit.
  h.network.down = false;
  h.scheduler.pathChanged('/blogs');
  await h.clock.advance(TRACKING_DELAY_MS);
  expect(h.posted).toEqual([{ path: '/blogs', at: T0 + 2 * TRACKING_DELAY_MS }]);
  expect(h.stored()).toBe(T0 + 2 * TRACKING_DELAY_MS);
});

test('stop cancels a pending run', async () => {
  const h = harness();
  h.scheduler.pathChanged('/');
  h.scheduler.stop();
  expect(h.clock.pending()).toBe(0);
  await h.clock.advance(TRACKING_DELAY_MS * 2);
  expect(h.posted).toEqual([]);
});
