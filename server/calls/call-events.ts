import { createEventBus, type EventBus } from '#server/events/event-bus.ts';
import {
  CALL_STATUS_EVENT,
  type CallRoomEvent,
  type CallStatus,
  type CallStatusEvent,
  stateOfStatus,
} from '#shared/call-status-protocol.ts';

/** The event of a call reaching `status` at `at`, in the live call's states too. */
export function statusEvent(callId: string, status: CallStatus, at: Date): CallRoomEvent {
  return { name: CALL_STATUS_EVENT, event: { callId, status, ...stateOfStatus(status), at: at.toISOString() } };
}

/** The status event in `event`, if it is one. */
export function statusOf(event: CallRoomEvent): CallStatusEvent | undefined {
  return event.name === CALL_STATUS_EVENT ? event.event : undefined;
}

/** What happens on calls: state changes, transcript lines, fields, summaries; the rooms and the local driver listen. */
export type CallEvents = EventBus<CallRoomEvent>;

export function createCallEvents(onListenerError?: (error: unknown) => void): CallEvents {
  return createEventBus<CallRoomEvent>(onListenerError);
}
