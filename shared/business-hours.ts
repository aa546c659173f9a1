// A demo call is immediate only from 9 AM up to (not including) 8 PM in the recipient's time zone
// (docs/product-rules.md#calling-hours).
export const CALLING_HOURS_START = 9;
export const CALLING_HOURS_END = 20;

const hourFormats = new Map<string, Intl.DateTimeFormat>();

function hourFormat(timeZone: string): Intl.DateTimeFormat {
  let format = hourFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' });
    hourFormats.set(timeZone, format);
  }
  return format;
}

/** True when `timeZone` is an IANA zone this runtime knows. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    hourFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The hour 0-23 on the wall clock of `timeZone` at `now`; Intl applies the zone's DST rules. */
export function localHour(timeZone: string, now: Date): number {
  const part = hourFormat(timeZone)
    .formatToParts(now)
    .find((p) => p.type === 'hour');
  return Number(part?.value);
}

/** Calling hours: 9 ≤ local hour < 20. Throws RangeError for an unknown time zone. */
export function isWithinCallingHours(timeZone: string, now: Date): boolean {
  const hour = localHour(timeZone, now);
  return hour >= CALLING_HOURS_START && hour < CALLING_HOURS_END;
}

/** When a demo call requested at `hour` (0-23, the caller's wall clock) comes: at once, or at the next opening. */
export type CallTiming = 'now' | 'later-today' | 'tomorrow';

export function callTimingAt(hour: number): CallTiming {
  if (hour < CALLING_HOURS_START) return 'later-today';
  if (hour >= CALLING_HOURS_END) return 'tomorrow';
  return 'now';
}

/** '9 AM', '12 PM', '8 PM': an hour of the clock as a visitor reads it. */
export function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve} ${hour < 12 ? 'AM' : 'PM'}`;
}
