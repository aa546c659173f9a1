import { roomSocket } from '#client/lib/room-socket.ts';
import {
  CALL_FIELDS_EVENT,
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  CALL_STATUSES,
  CALL_SUMMARY_EVENT,
  CALL_TRANSCRIPT_EVENT,
  type CallStatus,
  callFieldsEventSchema,
  callSnapshotSchema,
  callStatusEventSchema,
  callSummaryEventSchema,
  callTranscriptEventSchema,
} from '#shared/call-status-protocol.ts';
import type { LiveCallUpdate } from './live-call.ts';

/** How long a join may wait for its answer before the connection is taken as lost. */
const JOIN_TIMEOUT_MS = 10_000;

export interface CallListener {
  /** The call's status: on every (re)join, from the join answer, and on every change pushed to the room. */
  onStatus(status: CallStatus): void;
  /** The server does not know this call: nothing will ever arrive. */
  onUnknownCall(): void;
  /**
   * The live call: every join answer (the whole call so far) and every pushed state, transcript line, record of
   * fields and summary, each parsed against the protocol; what does not parse is dropped.
   */
  onUpdate?(update: LiveCallUpdate): void;
  /** Whether the room is heard (client/lib/room-socket.ts). */
  onConnection?(connected: boolean): void;
}

/** A pushed event of this call, parsed, as the update it makes; undefined when it is not one. */
function pushed(name: string, value: unknown, callId: string): LiveCallUpdate | undefined {
  switch (name) {
    case CALL_STATUS_EVENT: {
      const parsed = callStatusEventSchema.safeParse(value);
      return parsed.success && parsed.data.callId === callId ? { kind: 'status', event: parsed.data } : undefined;
    }
    case CALL_TRANSCRIPT_EVENT: {
      const parsed = callTranscriptEventSchema.safeParse(value);
      if (!parsed.success || parsed.data.callId !== callId) return undefined;
      const { callId: _, ...line } = parsed.data;
      return { kind: 'transcript', line };
    }
    case CALL_FIELDS_EVENT: {
      const parsed = callFieldsEventSchema.safeParse(value);
      return parsed.success && parsed.data.callId === callId
        ? { kind: 'fields', fields: parsed.data.fields }
        : undefined;
    }
    case CALL_SUMMARY_EVENT: {
      const parsed = callSummaryEventSchema.safeParse(value);
      return parsed.success && parsed.data.callId === callId
        ? { kind: 'summary', summary: parsed.data.summary }
        : undefined;
    }
  }
  return undefined;
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
 * Joins the Socket.IO room of one call and reports its status (docs/product-rules.md#call-status), reconnecting on
 * the site's schedule (client/lib/room-socket.ts); each join is answered with the current status, so a change missed
 * while offline is recovered. Returns the function that stops following.
 */
export function followCall(callId: string, listener: CallListener, { url }: { url?: string } = {}): () => void {
  const room = roomSocket(
    ({ socket, rejoin, joined, stopped }) => {
      socket.timeout(JOIN_TIMEOUT_MS).emit(CALL_JOIN_EVENT, callId, (error: Error | null, answer: unknown) => {
        if (stopped()) return;
        if (isUnknownCall(answer)) {
          listener.onUnknownCall();
          return;
        }
        const status = error ? undefined : statusOf(answer, callId);
        if (!status) {
          // No answer, or the server could not read the call: start again on the same schedule.
          rejoin();
          return;
        }
        joined();
        const snapshot = callSnapshotSchema.safeParse(answer);
        if (snapshot.success) listener.onUpdate?.({ kind: 'snapshot', snapshot: snapshot.data });
        listener.onStatus(status);
      });
    },
    { url, onConnection: (connected) => listener.onConnection?.(connected) },
  );
  const { socket, stopped } = room;
  socket.on(CALL_STATUS_EVENT, (event: unknown) => {
    const status = statusOf(event, callId);
    if (stopped() || !status) return;
    const update = pushed(CALL_STATUS_EVENT, event, callId);
    if (update) listener.onUpdate?.(update);
    listener.onStatus(status);
  });
  for (const name of [CALL_TRANSCRIPT_EVENT, CALL_FIELDS_EVENT, CALL_SUMMARY_EVENT]) {
    socket.on(name, (event: unknown) => {
      const update = stopped() ? undefined : pushed(name, event, callId);
      if (update) listener.onUpdate?.(update);
    });
  }
  return room.stop;
}
