import { io, type Socket } from 'socket.io-client';

// A page's own Socket.IO connection to one room (a demo call's, the lead inbox's), kept up on the site's schedule.

/** Reconnect delays of 1, 2, 5, then 10 s: the wait before reconnect attempt `attempt` (0-based). */
export const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000] as const;

/**
 * How long a connection may take to be made before it counts as failed and is made again. Socket.IO waits 20 s by
 * default: a connection that stalls (a phone between networks) would leave the page silent that long.
 */
export const CONNECT_TIMEOUT_MS = 8000;

export function reconnectDelayMs(attempt: number): number {
  const last = RECONNECT_DELAYS_MS.length - 1;
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, attempt), last)] ?? RECONNECT_DELAYS_MS[3];
}

export interface RoomSocket {
  socket: Socket;
  /** The join failed or went unanswered: disconnect and connect again on the schedule. */
  rejoin(): void;
  /** The join was answered: the schedule starts again from its first delay. */
  joined(): void;
  /** True once `stop` was called: late answers are dropped. */
  stopped(): boolean;
  stop(): void;
}

/**
 * Connects and calls `join` on every connection, reconnecting after 1, 2, 5, then every 10 s (our schedule
 * instead of socket.io's randomised backoff; a manager of its own, never shared). A WebSocket first: one
 * connection that stays on the instance it reached, so several instances need no sticky sessions (README
 * "Several instances"); long polling only where a WebSocket cannot get through. `url` is for scripts outside a
 * browser; pages connect to their own origin. Listeners go on `socket` before the first connection is made.
 */
export function roomSocket(
  join: (room: RoomSocket) => void,
  {
    url,
    onConnection,
  }: {
    url?: string;
    /**
     * Whether the room is heard: true once a join is answered (`joined`), false when the connection drops, cannot be
     * made or its join goes unanswered (`rejoin`), while it is made again. Told on each change only.
     */
    onConnection?: (connected: boolean) => void;
  } = {},
): RoomSocket {
  const options = {
    reconnection: false,
    timeout: CONNECT_TIMEOUT_MS,
    autoConnect: false,
    forceNew: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const socket = url ? io(url, options) : io(options);
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let connected: boolean | undefined;
  const heard = (now: boolean) => {
    if (stopped || now === connected) return;
    connected = now;
    onConnection?.(now);
  };

  const retry = () => {
    if (stopped || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopped) socket.connect();
    }, reconnectDelayMs(attempt));
    attempt++;
  };
  const room: RoomSocket = {
    socket,
    rejoin() {
      heard(false);
      socket.disconnect();
      retry();
    },
    joined() {
      attempt = 0;
      heard(true);
    },
    stopped: () => stopped,
    stop() {
      stopped = true;
      clearTimeout(retryTimer);
      socket.removeAllListeners();
      socket.disconnect();
    },
  };
  socket.on('connect', () => join(room));
  socket.on('connect_error', () => {
    heard(false);
    retry();
  });
  socket.on('disconnect', (reason) => {
    if (reason === 'io client disconnect') return;
    heard(false);
    retry();
  });
  queueMicrotask(() => {
    if (!stopped) socket.connect();
  });
  return room;
}
