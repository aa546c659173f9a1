import type { CallOutcome, CallState } from '#shared/call-status-protocol.ts';

// The operator's own zone, named: an inbox read from two offices, or on a trip, never leaves a time ambiguous.
const timeFormat = (timeZone: string | undefined) =>
  new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  });
const ownZone = timeFormat(undefined);

/** An instant in the operator's own time zone (or `timeZone`), with the zone, e.g. 'Mar 2, 2026, 1:00 PM EST'. */
export function formatTime(iso: string, timeZone?: string): string {
  return (timeZone ? timeFormat(timeZone) : ownZone).format(new Date(iso));
}

/** How long ago, roughly: '45 s', '12 min', '3 h 20 min', '4 days'. */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A call's length: '45 s', '3 min', '3 min 5 s'. */
export function formatDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

const OUTCOME_TEXT = {
  completed: 'completed',
  'no-answer': 'no answer',
  busy: 'busy',
  voicemail: 'voicemail',
  failed: 'failed',
} as const satisfies Record<CallOutcome, string>;

/** Where a call stands, as the inbox says it: 'ringing', 'in progress', 'ended: no answer, 45 s'. */
export function callStateText(call: {
  state: CallState;
  outcome: CallOutcome | null;
  durationSeconds: number | null;
}): string {
  const duration = call.durationSeconds === null ? '' : `, ${formatDuration(call.durationSeconds)}`;
  switch (call.state) {
    case 'preparing':
      return 'preparing';
    case 'ringing':
      return `ringing${duration}`;
    case 'in-progress':
      return `in progress${duration}`;
    case 'ended':
      return `ended: ${OUTCOME_TEXT[call.outcome ?? 'completed']}${duration}`;
  }
}
