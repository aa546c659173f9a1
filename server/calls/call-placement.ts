import { z } from 'zod';
import type { DB } from '#db/database.ts';
import type { Logger } from '#server/logger.ts';
import type { OutboxMessage, OutboxRow } from '#server/outbox/outbox-store.ts';
import { GiveUpDelivery } from '#server/outbox/outbox-worker.ts';
import type { Clock } from '#shared/clock.ts';
import { type CallPlacer, PlacementRefused } from './call-placer.ts';
import type { CallStatusService } from './call-status-service.ts';

// Placing a call with the provider is an outbox row (server/outbox/), written in the lead's transaction: due at
// once for a call in calling hours, or not before the opening for a scheduled one. The outbox worker delivers it
// with its guarantees (a lease per row, so one instance places it; retries with backoff while the provider is
// unavailable). It holds ids only: the number and name are read from the call and its lead when it is sent, so
// an erasure leaves nothing in it to dial.

export const PLACE_CALL_TOPIC = 'call.place';
/** Ending a call under way with the provider (its consent was taken back), by the same worker. */
export const END_CALL_TOPIC = 'call.end';

const endPayloadSchema = z.object({ callId: z.string() });

/** The message that ends one call under way; its delivery id is the call's, under its own prefix. */
export function endCallMessage(callId: string): OutboxMessage {
  return { topic: END_CALL_TOPIC, deliveryId: `end:${callId}`, payload: { callId } };
}

/** How long a call may wait to be placed past its time: a visitor asked for a call now, not in an hour. */
export const PLACEMENT_WINDOW_MS = 30 * 60_000;

/** How far the provider's clock may be behind ours when we ask it for the calls made since a call was asked for. */
const CLOCK_SKEW_MS = 5 * 60_000;

const payloadSchema = z.object({ callId: z.string(), leadId: z.string(), notAfter: z.iso.datetime() });

/**
 * The placement of one call, due at `notBefore` and abandoned after `notAfter`: the earlier of the placement
 * window and the close of calling hours. Its delivery id is the call's id.
 */
export function placementMessage(
  { callId, leadId }: { callId: string; leadId: string },
  window: { start: Date; end: Date },
): { message: OutboxMessage; notBefore: Date } {
  const notAfter = new Date(Math.min(window.start.getTime() + PLACEMENT_WINDOW_MS, window.end.getTime()));
  return {
    message: {
      topic: PLACE_CALL_TOPIC,
      deliveryId: callId,
      payload: { callId, leadId, notAfter: notAfter.toISOString() },
    },
    notBefore: window.start,
  };
}

/**
 * Sends one placement row: the outbox worker's `send` for the provider. A call already placed (the provider
 * reported it after an answer we did not get), already under way or gone is not placed again; one too late, or
 * refused by the provider, ends as failed with the reason, which the lead inbox shows.
 */
export function callPlacement({
  db,
  placer,
  calls,
  clock,
  logger,
}: {
  db: DB;
  placer: CallPlacer;
  calls: Pick<CallStatusService, 'setState' | 'linkProviderCall'>;
  clock: Clock;
  logger: Logger;
}): (row: OutboxRow) => Promise<void> {
  const log = logger.child({ subsystem: 'call-placement', provider: placer.provider });

  const fail = async (callId: string, reason: string): Promise<never> => {
    await calls.setState(callId, { state: 'ended', outcome: 'failed', reason });
    throw new GiveUpDelivery(reason);
  };

  /** Ends a call the provider has, unless it ended already; one the provider cannot end is given up. */
  async function end(row: OutboxRow): Promise<void> {
    const parsed = endPayloadSchema.safeParse(JSON.parse(row.payload));
    if (!parsed.success) throw new GiveUpDelivery('not a call to end');
    const { callId } = parsed.data;
    const call = await db
      .selectFrom('call_notifications')
      .select(['state', 'provider_call_id'])
      .where('id', '=', callId)
      .executeTakeFirst();
    if (!call?.provider_call_id || call.state === 'ended') return;
    try {
      await placer.endCall({ providerCallId: call.provider_call_id });
    } catch (error) {
      if (error instanceof PlacementRefused) throw new GiveUpDelivery(`not ended: ${error.message}`);
      throw error;
    }
    log.info({ callId, providerCallId: call.provider_call_id }, 'call ended: its consent was taken back');
  }

  return async (row) => {
    if (row.topic === END_CALL_TOPIC) return end(row);
    const parsed = payloadSchema.safeParse(JSON.parse(row.payload));
    if (!parsed.success) throw new GiveUpDelivery('not a call placement');
    const { callId, notAfter } = parsed.data;
    const call = await db
      .selectFrom('call_notifications as c')
      .innerJoin('leads as l', 'l.id', 'c.lead_id')
      .select(['c.lead_id', 'c.phone_number', 'c.state', 'c.provider_call_id', 'c.created_at', 'l.full_name'])
      .where('c.id', '=', callId)
      .executeTakeFirst();
    if (!call) throw new GiveUpDelivery('the call is no longer stored');
    if (call.provider_call_id !== null || call.state !== 'preparing') {
      log.info({ callId, state: call.state }, 'call already placed or under way: not placed again');
      return;
    }
    if (clock() > new Date(notAfter)) return fail(callId, `not placed by ${notAfter}: the provider was unavailable`);
    if (row.attempts > 0) {
      // An attempt before may have dialled although its answer never came (a timeout, a dropped connection):
      // the provider is asked first, and a call it has is linked rather than placed again.
      const since = new Date(new Date(call.created_at).getTime() - CLOCK_SKEW_MS);
      const earlier = await placer.findPlaced({ callId, since });
      if (earlier) {
        await calls.linkProviderCall(callId, earlier.providerCallId);
        log.info({ callId, providerCallId: earlier.providerCallId }, 'call placed by an earlier attempt: linked');
        return;
      }
    }
    let placed: { providerCallId: string };
    try {
      placed = await placer.place({
        callId,
        leadId: call.lead_id,
        phone: call.phone_number,
        name: call.full_name,
      });
    } catch (error) {
      if (error instanceof PlacementRefused) return fail(callId, `not placed: ${error.message}`);
      throw error;
    }
    await calls.linkProviderCall(callId, placed.providerCallId);
    log.info({ callId, providerCallId: placed.providerCallId }, 'call placed');
  };
}
