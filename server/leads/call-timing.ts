import { isValidTimeZone, isWithinCallingHours } from '#shared/business-hours.ts';

export interface CallTiming {
  /** The zone stored with the lead and sent in the payload; null when nothing says where the phone is. */
  timezone: string | null;
  scheduled: boolean;
}

/**
 * Calling hours (docs/product-rules.md#calling-hours): immediate only when 9 ≤ local hour < 20 in the phone's time
 * zone. An area code that spans zones must be inside hours in all of them (the TCPA cares about the recipient's clock).
 * With no zone for the phone, the browser's zone is the best guess; with neither, the call waits (scheduled).
 */
export function decideCallTiming(phoneZones: string[], browserZone: string | undefined, now: Date): CallTiming {
  const zones = phoneZones.length > 0 ? phoneZones : browserZone && isValidTimeZone(browserZone) ? [browserZone] : [];
  const timezone = zones[0] ?? null;
  return { timezone, scheduled: zones.length === 0 || !zones.every((zone) => isWithinCallingHours(zone, now)) };
}
