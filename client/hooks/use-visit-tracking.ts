import { useEffect, useRef } from 'react';
import { isUntrackedPath, referrerOf, trackedPathOf, visitDurationS } from '#client/lib/visit-fields.ts';
import { visitorId } from '#client/lib/visitor-id.ts';
import { useSourceTag } from '#client/state/source-tag.ts';
import {
  createTrackingScheduler,
  DURATION_KEY,
  LAST_TRACKED_KEY,
  parseLastTracked,
  type TrackingScheduler,
} from '#shared/tracking-schedule.ts';
import { VISIT_PAGE_MAX } from '#shared/visit-limits.ts';
import type { VisitInput } from '#shared/visit-schema.ts';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {}
}

async function postVisit(visit: VisitInput): Promise<void> {
  // keepalive: the post survives the visitor leaving the page; nothing waits on it.
  const response = await fetch('/api/visits', {
    method: 'POST',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(visit),
  });
  if (!response.ok) throw new Error(`visit not recorded: the server answered ${response.status}`);
}

/**
 * Visit tracking (docs/product-rules.md#visits): 1500 ms after a path change, a page not yet tracked is posted to
 * /api/visits unless the last tracked visit is under 5 minutes old (shared/tracking-schedule.ts holds the rules). Runs
 * once per page: from the app's layout with the router's path, from a marketing page's effects island with its own.
 */
export function useVisitTracking(pathname: string) {
  const sourceTag = useSourceTag();
  // The tag settles after hydration; the post reads the latest one when it fires.
  const latestTag = useRef(sourceTag);
  latestTag.current = sourceTag;
  const scheduler = useRef<TrackingScheduler | null>(null);

  useEffect(() => {
    const created = createTrackingScheduler<ReturnType<typeof setTimeout>>({
      now: () => Date.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer),
      loadLastTracked: () => parseLastTracked(readStorage(LAST_TRACKED_KEY)),
      saveLastTracked: (at) => writeStorage(LAST_TRACKED_KEY, String(at)),
      track: async (path) => {
        const duration = visitDurationS(performance.timeOrigin, Date.now());
        // A return visit: this browser was tracked before, on an earlier page load or earlier in this one; read when
        // posting, since this very page load may have stored the first visit.
        const returnVisit = parseLastTracked(readStorage(LAST_TRACKED_KEY)) !== null;
        await postVisit({
          page: path.slice(0, VISIT_PAGE_MAX),
          referrer: referrerOf(document.referrer),
          returnVisit,
          duration,
          sourceTag: latestTag.current,
          visitorId: visitorId(),
        });
        writeStorage(DURATION_KEY, String(duration));
      },
      // Tracker errors are only logged, as a warning: tracking must never disturb the visitor.
      onError: (error) => console.warn('visit tracking failed', error),
    });
    scheduler.current = created;
    return () => {
      created.stop();
      scheduler.current = null;
    };
  }, []);

  // Declared after the effect that creates the scheduler, so it runs after it on the first render.
  useEffect(() => {
    const tracking = scheduler.current;
    if (!tracking) return;
    const path = trackedPathOf(pathname);
    // Every path change resets the flag, operator pages included; they are just not posted.
    tracking.pathChanged(path);
    if (isUntrackedPath(path)) tracking.stop();
  }, [pathname]);
}
