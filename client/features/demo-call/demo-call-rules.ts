// The numbers the demo-call dialog shows and waits by, in one place (docs/product-rules.md#call-status).

/** The phone field takes focus this long after the dialog opens. */
export const PHONE_FOCUS_DELAY_MS = 100;
/** 'Incoming Call!' closes the dialog this long after the call starts ringing. */
export const CALLING_CLOSE_AFTER_MS = 7000;
/** 'Call Scheduled' closes the dialog after this long. */
export const SCHEDULED_CLOSE_AFTER_MS = 9000;
/** Demo calls come from this area code; the dialog tells visitors which call to expect. */
export const CALLER_AREA_CODE = '210';

/** Reconnect delays of 1, 2, 5, then 10 s: the wait before reconnect attempt `attempt` (0-based). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

export function reconnectDelayMs(attempt: number): number {
  const last = RECONNECT_DELAYS_MS.length - 1;
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), last)] ?? RECONNECT_DELAYS_MS[3];
}
