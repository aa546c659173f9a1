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

export type CallEventListener = (event: CallRoomEvent) => void;

/**
 * In-process publish/subscribe of what happens on calls: state changes, transcript lines, fields, summaries.
 * Services publish after commit; the Socket.IO rooms (which share pushes between instances through their
 * adapter) and the local call driver subscribe; tests subscribe to observe without a socket.
 */
export interface CallEvents {
  publish(event: CallRoomEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: CallEventListener): () => void;
}

export function createCallEvents(onListenerError: (error: unknown) => void = rethrowLater): CallEvents {
  const listeners = new Set<CallEventListener>();
  return {
    publish(event) {
      // One failing listener must not keep the event from the others, nor fail the request that published.
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}
