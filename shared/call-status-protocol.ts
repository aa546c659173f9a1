// The demo call's status as the browser sees it over Socket.IO (docs/product-rules.md#call-status).

export const CALL_STATUSES = ['preparing', 'calling', 'completed', 'failed'] as const;
export type CallStatus = (typeof CALL_STATUSES)[number];

/** Browser → server: `socket.emit(CALL_JOIN_EVENT, callId, (ack: CallJoinAck) => …)`. */
export const CALL_JOIN_EVENT = 'call:join';
/** Server → the browsers in the call's room: a `CallStatusEvent`. */
export const CALL_STATUS_EVENT = 'call:status';

export interface CallStatusEvent {
  callId: string;
  status: CallStatus;
}

/** The join answer carries the current status, so a browser that reconnects recovers where the call is. */
export type CallJoinAck = CallStatusEvent | { error: string };

/** Call ids are random UUIDs (unguessable: the id is the only key to a call's room). */
export function isCallId(value: unknown): value is string {
  return (
    typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(value)
  );
}
