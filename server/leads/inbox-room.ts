import cookieParser from 'cookie-parser';
import type { Request } from 'express';
import type { Server, Socket } from 'socket.io';
import { type CallEvents, statusOf } from '#server/calls/call-events.ts';
import type { EventBus } from '#server/events/event-bus.ts';
import { tokenBucket } from '#server/http/token-bucket.ts';
import type { Logger } from '#server/logger.ts';
import { sessionIdOf } from '#server/sessions/session-cookies.ts';
import type { SessionStore } from '#server/sessions/session-store.ts';
import { type Clock, systemClock } from '#shared/clock.ts';
import {
  INBOX_CALL_EVENT,
  INBOX_FOLLOW_EVENT,
  INBOX_LEAD_EVENT,
  INBOX_NOT_SIGNED_IN,
  type InboxCallEvent,
  type InboxFollowAck,
  type NewLeadEvent,
} from '#shared/inbox-protocol.ts';

/** Leads accepted by this instance, published after commit; the inbox room passes them on. */
export type LeadEvents = EventBus<NewLeadEvent>;

export const INBOX_ROOM = 'inbox';

export const NOT_SIGNED_IN = { error: INBOX_NOT_SIGNED_IN } satisfies InboxFollowAck;
const TRY_AGAIN = { error: 'Please try again.' } satisfies InboxFollowAck;
export const TOO_MANY_FOLLOWS = { error: 'Too many requests. Please wait a moment.' } satisfies InboxFollowAck;
// An inbox follows once per connection; a socket asking again and again is checked against the sessions table
// at most this often.
const FOLLOW_BURST = 3;
const FOLLOW_REFILL_MS = 10_000;

/**
 * A socket whose handshake carried a live operator session may follow the inbox room, and hears there of every
 * lead accepted and every change of a call's state on any instance (the adapter passes room pushes on). The
 * events name no one; the page reads the leads behind its own sign-in. Returns the function that unbinds the
 * event subscriptions.
 */
export function bindInboxRoom(
  io: Server,
  {
    events,
    callEvents,
    sessions,
    sessionSecret,
    logger,
    clock = systemClock,
  }: {
    events: LeadEvents;
    callEvents: CallEvents;
    sessions: SessionStore;
    sessionSecret: string;
    logger: Logger;
    clock?: Clock;
  },
): () => void {
  const log = logger.child({ subsystem: 'inbox-room' });
  const readCookies = cookieParser(sessionSecret);

  /** The operator session the handshake's cookie names, if it is live. */
  async function signedIn(socket: Socket): Promise<boolean> {
    // The handshake is an HTTP request: cookie-parser reads and checks its signed cookies as the API's do.
    const req = { headers: socket.request.headers } as unknown as Request;
    readCookies(req, {} as never, () => {});
    const id = sessionIdOf(req, 'operator');
    return id !== undefined && (await sessions.find(id, 'operator', clock())) !== undefined;
  }

  io.on('connection', (socket) => {
    const follows = tokenBucket({ capacity: FOLLOW_BURST, refillMs: FOLLOW_REFILL_MS, clock });
    socket.on(INBOX_FOLLOW_EVENT, (ack: unknown) => {
      if (typeof ack !== 'function') return;
      const answer = (value: InboxFollowAck) => {
        try {
          ack(value);
        } catch (error) {
          log.warn({ err: error }, 'could not answer an inbox follow');
        }
      };
      if (!follows.take()) {
        answer(TOO_MANY_FOLLOWS);
        return;
      }
      signedIn(socket)
        .then(async (operator) => {
          if (!operator) {
            answer(NOT_SIGNED_IN);
            return;
          }
          await socket.join(INBOX_ROOM);
          answer({ following: true });
        })
        .catch((error: unknown) => {
          log.warn({ err: error }, 'could not check an inbox follow');
          answer(TRY_AGAIN);
        });
    });
  });
  const unsubscribeLeads = events.subscribe((event) => {
    io.to(INBOX_ROOM).emit(INBOX_LEAD_EVENT, event);
  });
  // State changes only: transcript lines come many a second and change nothing a card shows.
  const unsubscribeCalls = callEvents.subscribe((event) => {
    const status = statusOf(event);
    if (status)
      io.to(INBOX_ROOM).emit(INBOX_CALL_EVENT, { callId: status.callId, state: status.state } satisfies InboxCallEvent);
  });
  return () => {
    unsubscribeLeads();
    unsubscribeCalls();
  };
}
