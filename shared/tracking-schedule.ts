// When the browser posts a visit (docs/product-rules.md#visits). Pure rules plus a small driver whose time and
// timers are injected, so the same code runs in the browser and under a fake clock in tests.

/** Tracking runs this long after a path change. */
export const TRACKING_DELAY_MS = 1500;
/** No new visit is posted while the last one is younger than this. */
export const TRACKING_MIN_INTERVAL_MS = 300_000;
/** Local-storage keys earlier versions of the site used; kept so returning browsers keep their history. */
export const LAST_TRACKED_KEY = 'visitor_last_tracked';
export const DURATION_KEY = 'visitor_duration';

export interface TrackingCheck {
  /** The path the browser is on now. */
  path: string;
  /** The path tracked since the last path change; null once the flag was reset. */
  trackedPath: string | null;
  /** Epoch ms of the last successful tracking, null when never tracked. */
  lastTrackedAt: number | null;
  now: number;
}

/** True when a visit for `path` should be posted now. */
export function shouldTrack({ path, trackedPath, lastTrackedAt, now }: TrackingCheck): boolean {
  if (trackedPath === path) return false;
  if (lastTrackedAt === null) return true;
  const elapsed = now - lastTrackedAt;
  // A stored time in the future (clock changed, storage edited) would silence tracking for good; ignore it.
  if (elapsed < 0) return true;
  return elapsed >= TRACKING_MIN_INTERVAL_MS;
}

/** Reads `visitor_last_tracked` as stored (epoch ms as text); anything unusable counts as never tracked. */
export function parseLastTracked(stored: string | null): number | null {
  if (stored === null || !/^\d{1,16}$/.test(stored)) return null;
  return Number(stored);
}

export interface TrackingDeps<Timer> {
  now: () => number;
  setTimer: (run: () => void, ms: number) => Timer;
  clearTimer: (timer: Timer) => void;
  loadLastTracked: () => number | null;
  saveLastTracked: (at: number) => void;
  /** Posts the visit; a rejection means "not tracked". */
  track: (path: string) => Promise<void>;
  /** Tracker errors are only logged: tracking must never disturb the visitor. */
  onError: (error: unknown) => void;
}

export interface TrackingScheduler {
  /** Call on every path change, including the first page. */
  pathChanged: (path: string) => void;
  /** Cancels a pending run (page unload, component unmount). */
  stop: () => void;
}

/** Runs `track` TRACKING_DELAY_MS after each path change when `shouldTrack` allows it. */
export function createTrackingScheduler<Timer>(deps: TrackingDeps<Timer>): TrackingScheduler {
  let currentPath: string | null = null;
  let trackedPath: string | null = null;
  let pending: Timer | undefined;

  function cancel() {
    if (pending !== undefined) deps.clearTimer(pending);
    pending = undefined;
  }

  async function run(path: string) {
    pending = undefined;
    const check = { path, trackedPath, lastTrackedAt: deps.loadLastTracked(), now: deps.now() };
    if (!shouldTrack(check)) return;
    try {
      await deps.track(path);
    } catch (error) {
      deps.onError(error);
      return;
    }
    deps.saveLastTracked(deps.now());
    // The browser may have moved on while the request was in flight; the new path keeps its own flag.
    if (currentPath === path) trackedPath = path;
  }

  return {
    pathChanged(path) {
      cancel();
      currentPath = path;
      trackedPath = null;
      pending = deps.setTimer(() => void run(path), TRACKING_DELAY_MS);
    },
    stop: cancel,
  };
}
