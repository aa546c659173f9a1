import { type CallStatus, type CallStatusEvent, stateOfStatus } from '#shared/call-status-protocol.ts';

/** The event of a call reaching `status` at `at`, in the live call's states too. */
export function statusEvent(callId: string, status: CallStatus, at: Date): CallStatusEvent {
  return { callId, status, ...stateOfStatus(status), at: at.toISOString() };
}

export type CallStatusListener = (event: CallStatusEvent) => void;

/**
 * In-process publish/subscribe of call status changes. The API publishes after commit; Socket.IO rooms and
 * the local call driver subscribe; tests subscribe to observe without a socket. (Several instances would
 * share events through a Socket.IO adapter over a shared store: docs/decisions/0011-sqlite-default.md.)
 */
export interface CallEvents {
  publish(event: CallStatusEvent): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: CallStatusListener): () => void;
}

export function createCallEvents(onListenerError: (error: unknown) => void = rethrowLater): CallEvents {
  const listeners = new Set<CallStatusListener>();
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
