import { isValidTimeZone, isWithinCallingHours } from '#shared/business-hours.ts';

export interface CallTiming {
  /** The zone stored with the lead and sent in the payload; null when nothing says where the phone is. */
  timezone: string | null;
  scheduled: boolean;
}

/** The zones whose clocks decide calling hours: the phone's, else the browser's as a guess, else none. */
function zonesFor(phoneZones: string[], browserZone: string | undefined): string[] {
  return phoneZones.length > 0 ? phoneZones : browserZone && isValidTimeZone(browserZone) ? [browserZone] : [];
}

/**
 * Calling hours (docs/product-rules.md#calling-hours): immediate only when 9 ≤ local hour < 20 in the phone's time
 * zone. An area code that spans zones must be inside hours in all of them (the TCPA cares about the recipient's clock).
 * With no zone for the phone, the browser's zone is the best guess; with neither, the call waits (scheduled).
 */
export function decideCallTiming(phoneZones: string[], browserZone: string | undefined, now: Date): CallTiming {
  const zones = zonesFor(phoneZones, browserZone);
  const timezone = zones[0] ?? null;
  return { timezone, scheduled: zones.length === 0 || !zones.every((zone) => isWithinCallingHours(zone, now)) };
}

const HOUR_MS = 3_600_000;
// Two days of hours find the next opening from any instant, daylight saving included.
const HOURS_AHEAD = 48;

/**
 * The calling hours a call placed from `now` on may use: from now (inside hours) or the next opening, to the
 * hour they close, in every zone of the number at once. Null when no zone is known: nobody's clock says when.
 * US zones differ by whole hours, so openings and closings fall on the hour.
 */
export function callingWindow(
  phoneZones: string[],
  browserZone: string | undefined,
  now: Date,
): { start: Date; end: Date } | null {
  const zones = zonesFor(phoneZones, browserZone);
  if (zones.length === 0) return null;
  const open = (at: Date) => zones.every((zone) => isWithinCallingHours(zone, at));
  const nextHour = (at: Date) => new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS);
  let start: Date | undefined = open(now) ? now : undefined;
  for (let at = nextHour(now), i = 0; !start && i < HOURS_AHEAD; at = nextHour(at), i++) if (open(at)) start = at;
  if (!start) return null;
  let end = nextHour(start);
  for (let i = 0; open(end) && i < HOURS_AHEAD; i++) end = nextHour(end);
  return { start, end };
}
