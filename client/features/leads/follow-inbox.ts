import { atom } from 'jotai';
import { roomSocket } from '#client/lib/room-socket.ts';
import {
  INBOX_CALL_EVENT,
  INBOX_FOLLOW_EVENT,
  INBOX_LEAD_EVENT,
  INBOX_NOT_SIGNED_IN,
  type InboxCallEvent,
  inboxCallEventSchema,
  type NewLeadEvent,
  newLeadEventSchema,
} from '#shared/inbox-protocol.ts';

/** How long a follow may wait for its answer before the connection is taken as lost. */
const FOLLOW_TIMEOUT_MS = 10_000;

/** Leads that arrived while the inbox's tab was out of sight; the tab's title shows how many. */
export const unseenLeadsAtom = atom(0);

function following(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'following' in answer && answer.following === true;
}

function signedOut(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && 'error' in answer && answer.error === INBOX_NOT_SIGNED_IN;
}

export interface InboxListener {
  /** A lead the site accepted. */
  onLead(event: NewLeadEvent): void;
  /** A call moved on: ringing, in progress, ended. */
  onCall(event: InboxCallEvent): void;
  /** Whether the room is heard (client/lib/room-socket.ts): while it is not, nothing new shows by itself. */
  onConnection?(connected: boolean): void;
}

/**
 * Follows the inbox room (shared/inbox-protocol.ts) with this browser's operator session, and tells `listener` of
 * each lead the site accepts and each call that moves on from then on, on any instance. Follows again after every
 * reconnection; a lapsed session stops it (the inbox's next load brings the sign-in back). Returns the function
 * that stops following.
 */
export function followInbox(listener: InboxListener): () => void {
  const room = roomSocket(
    ({ socket, rejoin, joined, stopped, stop }) => {
      socket.timeout(FOLLOW_TIMEOUT_MS).emit(INBOX_FOLLOW_EVENT, (error: Error | null, answer: unknown) => {
        if (stopped()) return;
        if (!error && following(answer)) joined();
        else if (signedOut(answer)) stop();
        else rejoin();
      });
    },
    { onConnection: (connected) => listener.onConnection?.(connected) },
  );
  room.socket.on(INBOX_LEAD_EVENT, (value: unknown) => {
    const event = newLeadEventSchema.safeParse(value);
    if (event.success && !room.stopped()) listener.onLead(event.data);
  });
  room.socket.on(INBOX_CALL_EVENT, (value: unknown) => {
    const event = inboxCallEventSchema.safeParse(value);
    if (event.success && !room.stopped()) listener.onCall(event.data);
  });
  return room.stop;
}
