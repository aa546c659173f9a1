import type { DB } from '#db/database.ts';
import type { CallStatus } from '#shared/call-status-protocol.ts';
import type { Clock } from '#shared/clock.ts';
import { type CallEvents, statusEvent } from './call-events.ts';

// preparing → calling → (our final states) completed | failed (docs/product-rules.md#call-status). A final state is
// final, and a call never goes back, so a late or replayed hook cannot reopen a finished call.
const NEXT: Record<CallStatus, readonly CallStatus[]> = {
  preparing: ['calling', 'completed', 'failed'],
  calling: ['completed', 'failed'],
  completed: [],
  failed: [],
};

export type StatusUpdate =
  | { result: 'updated' | 'unchanged'; status: CallStatus }
  | { result: 'conflict'; status: CallStatus }
  | { result: 'not-found' };

export interface CallStatusService {
  currentStatus(callId: string): Promise<CallStatus | undefined>;
  /** The one path by which a call changes status: the signed hook and the local call driver both use it. */
  setStatus(callId: string, status: CallStatus): Promise<StatusUpdate>;
}

export function callStatusService({
  db,
  events,
  clock,
}: {
  db: DB;
  events: CallEvents;
  clock: Clock;
}): CallStatusService {
  async function currentStatus(callId: string): Promise<CallStatus | undefined> {
    const row = await db.selectFrom('call_notifications').select('status').where('id', '=', callId).executeTakeFirst();
    return row?.status;
  }

  async function setStatus(callId: string, status: CallStatus): Promise<StatusUpdate> {
    const outcome = await db.transaction().execute(async (trx): Promise<StatusUpdate> => {
      const row = await trx
        .selectFrom('call_notifications')
        .select('status')
        .where('id', '=', callId)
        .executeTakeFirst();
      if (!row) return { result: 'not-found' };
      if (row.status === status) return { result: 'unchanged', status };
      if (!NEXT[row.status].includes(status)) return { result: 'conflict', status: row.status };
      const { numUpdatedRows } = await trx
        .updateTable('call_notifications')
        .set({ status, updated_at: clock().toISOString() })
        .where('id', '=', callId)
        .where('status', '=', row.status)
        .executeTakeFirst();
      if (numUpdatedRows > 0n) return { result: 'updated', status };
      // On PostgreSQL another instance changed the call between our read and our write: say what it is now,
      // so the change is published once, by whoever made it.
      const now = await trx
        .selectFrom('call_notifications')
        .select('status')
        .where('id', '=', callId)
        .executeTakeFirst();
      if (!now) return { result: 'not-found' };
      return now.status === status ? { result: 'unchanged', status } : { result: 'conflict', status: now.status };
    });
    // After the commit, never inside the transaction: the browser hears only of a change that was stored.
    if (outcome.result === 'updated') events.publish(statusEvent(callId, status, clock()));
    return outcome;
  }

  return { currentStatus, setStatus };
}
