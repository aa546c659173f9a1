import { z } from 'zod';
import { CALL_STATES } from './call-status-protocol.ts';
import { LEAD_KINDS } from './lead-inbox.ts';

// The lead inbox kept live over Socket.IO: an operator's page follows the inbox room and hears of each lead the
// site accepts and each change of a call's state, on any instance. The events name no one: the page loads the
// leads itself, behind its sign-in.

/** Browser → server: `socket.emit(INBOX_FOLLOW_EVENT, (ack: InboxFollowAck) => …)`, with the operator's cookie. */
export const INBOX_FOLLOW_EVENT = 'inbox:follow';
/** Server → the inbox room: a `NewLeadEvent` for every lead accepted. */
export const INBOX_LEAD_EVENT = 'inbox:lead';
/** Server → the inbox room: an `InboxCallEvent` whenever a call's state changes (ringing, in progress, ended). */
export const INBOX_CALL_EVENT = 'inbox:call';

export type InboxFollowAck = { following: true } | { error: string };

/** The refusal of a follow without a live operator session: the page then stops following. */
export const INBOX_NOT_SIGNED_IN = 'Please sign in to continue.';

export const newLeadEventSchema = z.object({
  leadId: z.uuid(),
  kind: z.enum(LEAD_KINDS),
  /** When the site accepted it, ISO-8601 UTC. */
  at: z.iso.datetime({ offset: true }),
});
export type NewLeadEvent = z.infer<typeof newLeadEventSchema>;

export const inboxCallEventSchema = z.object({
  callId: z.uuid(),
  state: z.enum(CALL_STATES),
});
export type InboxCallEvent = z.infer<typeof inboxCallEventSchema>;
