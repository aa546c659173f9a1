/**
 * In-process publish/subscribe. Services publish after commit; Socket.IO rooms (which pass pushes between
 * instances through their adapter) and background drivers subscribe; tests subscribe to observe without a socket.
 */
export interface EventBus<Event> {
  publish(event: Event): void;
  /** Returns the function that unsubscribes. */
  subscribe(listener: (event: Event) => void): () => void;
}

export function createEventBus<Event>(onListenerError: (error: unknown) => void = rethrowLater): EventBus<Event> {
  const listeners = new Set<(event: Event) => void>();
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
