import { CONSENT_RECEIPT_PATH } from '#shared/consent.ts';
import { CALL_IN_PROGRESS_KEY as STORAGE_KEY } from './call-in-progress-key.ts';

// The demo call this tab is following, so that a reload during the call opens the dialog on it again
// (docs/product-rules.md#call-status). Kept in sessionStorage: it outlives a reload of this tab, and no other tab
// or browser ever sees it. The call's id is kept, never the number, and the consent receipt's link the form's answer
// gave: the dialog shows it for as long as it shows the call, and it is shown nowhere else.
/** Past this long after it was last remembered, a call is over for a reload's purposes. */
export const CALL_IN_PROGRESS_FOR_MS = 60 * 60 * 1000;

export interface CallInProgress {
  callId: string;
  /** The visitor chose to watch the call live: a reload opens the live view again. */
  watching: boolean;
  receiptUrl?: string;
}

// A link the server made (server/consent/receipt-token.ts): its site's address, the receipt path and a token.
const RECEIPT_URL = new RegExp(`^https?://[^/\\s]+${CONSENT_RECEIPT_PATH}/[A-Za-z0-9_-]{43}$`);

/** The call kept in `raw` if it is still fresh at `now`. */
export function readCallInProgress(raw: string | null, now: number): CallInProgress | undefined {
  try {
    const value: unknown = JSON.parse(raw ?? 'null');
    if (typeof value !== 'object' || value === null) return undefined;
    const callId = 'callId' in value ? value.callId : undefined;
    const until = 'until' in value ? value.until : undefined;
    if (typeof callId !== 'string' || !/^[\da-f-]{36}$/.test(callId)) return undefined;
    if (typeof until !== 'number' || until <= now) return undefined;
    const receiptUrl = 'receiptUrl' in value ? value.receiptUrl : undefined;
    return {
      callId,
      watching: 'watching' in value && value.watching === true,
      ...(typeof receiptUrl === 'string' && RECEIPT_URL.test(receiptUrl) ? { receiptUrl } : {}),
    };
  } catch {
    return undefined;
  }
}

export function writeCallInProgress(call: CallInProgress, now: number): string {
  return JSON.stringify({ ...call, until: now + CALL_IN_PROGRESS_FOR_MS });
}

/** The call this tab was following before it reloaded, if any. */
export function callInProgress(): CallInProgress | undefined {
  try {
    return readCallInProgress(sessionStorage.getItem(STORAGE_KEY), Date.now());
  } catch {
    return undefined;
  }
}

export function rememberCallInProgress(call: CallInProgress): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, writeCallInProgress(call, Date.now()));
  } catch {}
}

export function forgetCallInProgress(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {}
}
