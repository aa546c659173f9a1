import type { Server } from 'socket.io';
import {
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  type CallJoinAck,
  type CallStatusEvent,
  isCallId,
} from '#shared/call-status.ts';
import type { Logger } from '../logger.ts';
import type { CallEvents } from './call-events.ts';
import type { CallStatusService } from './call-status.ts';

export const callRoom = (callId: string) => `call:${callId}`;

// A browser follows its own call; a handful of rooms covers retries, more is someone fishing.
const MAX_ROOMS_PER_SOCKET = 5;
const UNKNOWN_CALL: CallJoinAck = { error: 'Unknown call' };

/**
 * Issue 6 "Call status": a browser joins the room of its callId and hears that call's status changes only.
 * Returns the function that unbinds the event subscription (the socket handlers go with the server).
 */
export function bindCallRooms(
  io: Server,
  { calls, events, logger }: { calls: Pick<CallStatusService, 'currentStatus'>; events: CallEvents; logger: Logger },
): () => void {
  const log = logger.child({ subsystem: 'call-rooms' });
  io.on('connection', (socket) => {
    socket.on(CALL_JOIN_EVENT, async (callId: unknown, ack: unknown) => {
      if (typeof ack !== 'function') return;
      const answer = (value: CallJoinAck) => ack(value);
      // socket.rooms holds the socket's own id room too.
      if (!isCallId(callId) || socket.rooms.size > MAX_ROOMS_PER_SOCKET) {
        answer(UNKNOWN_CALL);
        return;
      }
      // Join first, then read: a change committed in between is pushed to the room, so none is missed.
      const room = callRoom(callId);
      await socket.join(room);
      try {
        const status = await calls.currentStatus(callId);
        if (!status) {
          await socket.leave(room);
          answer(UNKNOWN_CALL);
          return;
        }
        answer({ callId, status });
      } catch (error) {
        await socket.leave(room);
        log.warn({ err: error }, 'could not read a call status for a socket');
        answer({ error: 'Please try again.' });
      }
    });
  });
  return events.subscribe((event: CallStatusEvent) => {
    io.to(callRoom(event.callId)).emit(CALL_STATUS_EVENT, event);
  });
}
