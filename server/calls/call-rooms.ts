import type { Server, Socket } from 'socket.io';
import { tokenBucket } from '#server/http/token-bucket.ts';
import type { Logger } from '#server/logger.ts';
import { CALL_JOIN_EVENT, type CallJoinAck, isCallId } from '#shared/call-status-protocol.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import type { CallConversation } from './call-conversation.ts';
import type { CallEvents } from './call-events.ts';

export const callRoom = (callId: string) => `call:${callId}`;

// A browser follows its own call; a handful of rooms covers retries, more is someone fishing.
export const MAX_ROOMS_PER_SOCKET = 5;
// The dialog joins once per connection. Ten at once, then one a second, is far beyond that, and keeps a socket
// that floods joins from turning each into a database read.
export const JOIN_BURST = 10;
export const JOIN_REFILL_MS = 1_000;
// Our dialog stops at the first unknown call, and waits before it joins again after any refusal: a socket that
// keeps going is not it, and is disconnected.
export const MAX_UNKNOWN_CALLS = 5;
export const MAX_REFUSED_JOINS = 20;

export const UNKNOWN_CALL = { error: 'Unknown call' } satisfies CallJoinAck;
export const TOO_MANY_JOINS = { error: 'Too many requests. Please wait a moment.' } satisfies CallJoinAck;
const TRY_AGAIN = { error: 'Please try again.' } satisfies CallJoinAck;

/**
 * A browser joins the room of its callId and hears that call's events only: its state, transcript, fields and
 * summary (shared/call-status-protocol.ts). The join answers with the whole call so far. Nothing a client sends
 * can make a handler throw: every failure is logged and answered. Returns the function that unbinds the event
 * subscription (the socket handlers go with the server).
 */
export function bindCallRooms(
  io: Server,
  {
    calls,
    events,
    logger,
    clock = systemClock,
  }: { calls: Pick<CallConversation, 'snapshot'>; events: CallEvents; logger: Logger; clock?: Clock },
): () => void {
  const log = logger.child({ subsystem: 'call-rooms' });
  io.on('connection', (socket) => followJoins(socket, { calls, log, clock }));
  return events.subscribe(({ name, event }) => {
    io.to(callRoom(event.callId)).emit(name, event);
  });
}

function followJoins(
  socket: Socket,
  { calls, log, clock }: { calls: Pick<CallConversation, 'snapshot'>; log: Logger; clock: Clock },
): void {
  const joins = tokenBucket({ capacity: JOIN_BURST, refillMs: JOIN_REFILL_MS, clock });
  let unknown = 0;
  let refused = 0;

  const answer = (ack: unknown, value: CallJoinAck) => {
    if (typeof ack !== 'function') return;
    try {
      ack(value);
    } catch (error) {
      log.warn({ err: error }, 'could not answer a call join');
    }
  };
  const disconnect = (reason: string) => {
    // Joins still in flight when it goes would otherwise report it again.
    if (!socket.connected) return;
    log.info({ socket: socket.id }, reason);
    socket.disconnect(true);
  };
  const unknownCall = (ack: unknown) => {
    answer(ack, UNKNOWN_CALL);
    if (++unknown >= MAX_UNKNOWN_CALLS) disconnect('socket disconnected after repeated unknown call ids');
  };
  const leave = async (room: string) => {
    try {
      await socket.leave(room);
    } catch (error) {
      log.warn({ err: error }, 'could not leave a call room');
    }
  };

  async function join(callId: unknown, ack: unknown): Promise<void> {
    // socket.rooms holds the socket's own id room too. A join without an answer to call is no dialog's either.
    if (typeof ack !== 'function' || !isCallId(callId) || socket.rooms.size > MAX_ROOMS_PER_SOCKET) {
      unknownCall(ack);
      return;
    }
    if (!joins.take()) {
      answer(ack, TOO_MANY_JOINS);
      if (++refused >= MAX_REFUSED_JOINS) disconnect('socket disconnected after flooding call joins');
      return;
    }
    const room = callRoom(callId);
    try {
      // Join first, then read: a change committed in between is pushed to the room, so none is missed.
      await socket.join(room);
      const call = await calls.snapshot(callId);
      if (!call) {
        await leave(room);
        unknownCall(ack);
        return;
      }
      answer(ack, call);
    } catch (error) {
      log.warn({ err: error }, 'could not read a call status for a socket');
      await leave(room);
      answer(ack, TRY_AGAIN);
    }
  }

  socket.on(CALL_JOIN_EVENT, (callId: unknown, ack: unknown) => {
    join(callId, ack).catch((error: unknown) => log.error({ err: error }, 'call join failed'));
  });
}
