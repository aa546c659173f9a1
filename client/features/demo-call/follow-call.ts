import { io } from 'socket.io-client';
import {
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  CALL_STATUSES,
  type CallStatus,
  type CallStatusEvent,
} from '#shared/call-status-protocol.ts';
import { reconnectDelayMs } from './demo-call-rules.ts';

/** How long a join may wait for its answer before the connection is taken as lost. */
const JOIN_TIMEOUT_MS = 10_000;

export interface CallListener {
  /** The call's status: on every (re)join, from the join answer, and on every change pushed to the room. */
  onStatus(status: CallStatus): void;
  /** The server does not know this call: nothing will ever arrive. */
  onUnknownCall(): void;
}

function isCallStatus(value: unknown): value is CallStatus {
  return CALL_STATUSES.some((status) => status === value);
}

function statusOf(value: unknown, callId: string): CallStatus | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (!('callId' in value) || value.callId !== callId || !('status' in value)) return undefined;
  return isCallStatus(value.status) ? value.status : undefined;
}

function isUnknownCall(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'error' in value && value.error === 'Unknown call';
}

/**
 * Joins the Socket.IO room of one call and reports its status (docs/product-rules.md#call-status). Reconnects after 1,
 * 2, 5, then every 10 s; each join is answered with the current status, so a change missed while offline is recovered.
 * `url` is for scripts outside a browser; pages connect to their own origin. Returns the function that stops following.
 */
export function followCall(callId: string, listener: CallListener, { url }: { url?: string } = {}): () => void {
  // Our own schedule instead of socket.io's randomised backoff; a manager of its own, never shared. A WebSocket
  // first: one connection that stays on the instance it reached, so several instances need no sticky sessions
  // (README "Several instances"); long polling only where a WebSocket cannot get through.
  const options = {
    reconnection: false,
    autoConnect: false,
    forceNew: true,
    transports: ['websocket', 'polling'],
    tryAllTransports: true,
  };
  const socket = url ? io(url, options) : io(options);
  let attempt = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const retry = () => {
    if (stopped || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!stopped) socket.connect();
    }, reconnectDelayMs(attempt));
    attempt++;
  };

  socket.on('connect', () => {
    socket.timeout(JOIN_TIMEOUT_MS).emit(CALL_JOIN_EVENT, callId, (error: Error | null, answer: unknown) => {
      if (stopped) return;
      if (isUnknownCall(answer)) {
        listener.onUnknownCall();
        return;
      }
      const status = error ? undefined : statusOf(answer, callId);
      if (!status) {
        // No answer, or the server could not read the call: start again on the same schedule.
        socket.disconnect();
        retry();
        return;
      }
      attempt = 0;
      listener.onStatus(status);
    });
  });
  socket.on(CALL_STATUS_EVENT, (event: CallStatusEvent) => {
    const status = statusOf(event, callId);
    if (!stopped && status) listener.onStatus(status);
  });
  socket.on('connect_error', retry);
  socket.on('disconnect', (reason) => {
    if (reason !== 'io client disconnect') retry();
  });
  socket.connect();

  return () => {
    stopped = true;
    clearTimeout(retryTimer);
    socket.removeAllListeners();
    socket.disconnect();
  };
}
