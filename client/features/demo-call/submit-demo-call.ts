import { readApiError } from '#shared/api-error.ts';
import { isCallId } from '#shared/call-status-protocol.ts';
import type { DemoCallRequest } from '#shared/lead-schemas.ts';
import { DEMO_FAILURE_MESSAGE } from '#shared/messages.ts';

export const DEMO_FIELDS = ['phone', 'fullName', 'email', 'consent'] as const;
export type DemoField = (typeof DEMO_FIELDS)[number];
export type DemoFieldErrors = Partial<Record<DemoField, string>>;

export type SubmitOutcome =
  /** `receiptUrl`: the consent receipt's link (docs/product-rules.md#consent), when the server gave one. */
  | { kind: 'preparing'; callId: string; receiptUrl?: string }
  | { kind: 'scheduled'; receiptUrl?: string }
  | { kind: 'refused'; fieldErrors: DemoFieldErrors; formError?: string };

function isDemoField(key: string): key is DemoField {
  return DEMO_FIELDS.some((field) => field === key);
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return Object.fromEntries(Object.entries(value));
}

/**
 * Reads the server's answer (server/leads/demo-calls-router.ts). A refusal by field goes under the fields; a refusal
 * naming anything else, or an answer without a message of ours, is "any other failure in the demo submit
 * flow" above the form; any other message the server words (processing error, the 6-hour rule, the rate
 * limit) is shown above the form as it is.
 */
export function readAnswer(status: number, body: unknown): SubmitOutcome {
  const answer = record(body);
  const receipt = typeof answer.receiptUrl === 'string' ? { receiptUrl: answer.receiptUrl } : {};
  if (status === 201 && answer.status === 'preparing' && isCallId(answer.callId)) {
    return { kind: 'preparing', callId: answer.callId, ...receipt };
  }
  if (status === 201 && answer.status === 'scheduled') return { kind: 'scheduled', ...receipt };

  const refusal = readApiError(status, body, DEMO_FAILURE_MESSAGE);
  const fieldErrors: DemoFieldErrors = {};
  let unplaced = false;
  for (const [key, message] of Object.entries(refusal.fieldErrors ?? {})) {
    if (isDemoField(key)) fieldErrors[key] = message;
    else unplaced = true;
  }
  // A refusal by field says its own summary in `error`; it is never worth showing above fields it names.
  if (refusal.fieldErrors === undefined) return { kind: 'refused', fieldErrors, formError: refusal.error };
  if (unplaced) return { kind: 'refused', fieldErrors, formError: DEMO_FAILURE_MESSAGE };
  return { kind: 'refused', fieldErrors };
}

/** POST /api/demo-calls. A network failure gets the dialog's general failure message (DEMO_FAILURE_MESSAGE). */
export async function submitDemoCall(input: DemoCallRequest): Promise<SubmitOutcome> {
  let response: Response;
  let body: unknown;
  try {
    response = await fetch('/api/demo-calls', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
    });
    body = await response.json().catch(() => undefined);
  } catch {
    return { kind: 'refused', fieldErrors: {}, formError: DEMO_FAILURE_MESSAGE };
  }
  return readAnswer(response.status, body);
}
