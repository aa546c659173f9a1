import type { DB } from '#db/database.ts';
import { groupedWrites } from '#db/grouped-writes.ts';
import {
  CALL_STATES,
  CALL_STATUS_EVENT,
  type CallOutcome,
  type CallState,
  type CallStatus,
  type CallStatusEvent,
  stateOfStatus,
  stateRank,
  statusOfState,
} from '#shared/call-status-protocol.ts';
import type { Clock } from '#shared/clock.ts';
import type { CallEvents } from './call-events.ts';

// The first version's statuses, as the signed hook speaks them: preparing → calling → completed | failed. A
// final status is final and a status never goes back, so a late or replayed hook cannot reopen a finished call.
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

/** A state as a provider (or the local driver) reports it, in provider-neutral terms. */
export interface StateReport {
  state: CallState;
  /** How the call ended, for `ended`. */
  outcome?: CallOutcome | null;
  /** The provider's reason for the end, or why the call could not be placed; kept for the lead inbox. */
  reason?: string | null;
}

export type StateUpdate =
  /** `stale`: the call is already further on (a report that came late); nothing changed. */
  { result: 'updated' | 'unchanged' | 'stale'; event: CallStatusEvent } | { result: 'not-found' };

interface CallRow {
  status: CallStatus;
  state: CallState;
  outcome: CallOutcome | null;
  updated_at: string;
}

export interface CallStatusService {
  currentStatus(callId: string): Promise<CallStatus | undefined>;
  /** The signed hook's path: the first version's statuses and their rules (409 for going back). */
  setStatus(callId: string, status: CallStatus): Promise<StatusUpdate>;
  /**
   * The provider's and the local driver's path: a later state wins, an earlier or repeated one changes nothing.
   * An ended call keeps the outcome it ended with.
   */
  setState(callId: string, report: StateReport): Promise<StateUpdate>;
  /** Remembers the provider's id for a call that has none yet; false when the call is unknown. */
  linkProviderCall(callId: string, providerCallId: string): Promise<boolean>;
  /** Our call id for the provider's, once linked. */
  callOfProvider(providerCallId: string): Promise<string | undefined>;
}

const REASON_MAX = 500;

function eventOf(callId: string, row: Pick<CallRow, 'state' | 'outcome' | 'updated_at'>): CallStatusEvent {
  return {
    callId,
    status: statusOfState(row.state, row.outcome),
    state: row.state,
    outcome: row.outcome,
    at: row.updated_at,
  };
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
  const readCall = (callId: string): Promise<CallRow | undefined> =>
    db
      .selectFrom('call_notifications')
      .select(['status', 'state', 'outcome', 'updated_at'])
      .where('id', '=', callId)
      .executeTakeFirst();

  /**
   * Moves the call to `to` if its state is one of `fromStates`: one conditional write, so of two instances moving
   * one call at once only one changes it and publishes it (after the commit, so only what was stored is heard).
   * The moves of a burst share one commit (db/grouped-writes.ts). Undefined when the call is not in one of those
   * states (or not there at all): the caller reads what it is and says why.
   */
  const move = groupedWrites(
    db,
    async (
      trx,
      {
        callId,
        fromStates,
        next,
        reason,
      }: { callId: string; fromStates: readonly CallState[]; next: CallRow; reason: string | null },
    ) =>
      (await trx
        .updateTable('call_notifications')
        .set({ ...next, ...(next.state === 'ended' && reason ? { ended_reason: reason.slice(0, REASON_MAX) } : {}) })
        .where('id', '=', callId)
        .where('state', 'in', fromStates)
        .returning('id')
        .executeTakeFirst()) !== undefined,
  );

  async function moveFrom(
    callId: string,
    fromStates: readonly CallState[],
    to: { state: CallState; outcome: CallOutcome | null },
    reason: string | null,
  ): Promise<CallStatusEvent | undefined> {
    if (fromStates.length === 0) return undefined;
    const next: CallRow = {
      state: to.state,
      outcome: to.outcome,
      status: statusOfState(to.state, to.outcome),
      updated_at: clock().toISOString(),
    };
    if (!(await move({ callId, fromStates, next, reason }))) return undefined;
    const event = eventOf(callId, next);
    events.publish({ name: CALL_STATUS_EVENT, event });
    return event;
  }

  async function currentStatus(callId: string): Promise<CallStatus | undefined> {
    const row = await db.selectFrom('call_notifications').select('status').where('id', '=', callId).executeTakeFirst();
    return row?.status;
  }

  async function setStatus(callId: string, status: CallStatus): Promise<StatusUpdate> {
    const target = stateOfStatus(status);
    const from = CALL_STATES.filter((state) => {
      const was = statusOfState(state, null);
      // An ended state's status depends on its outcome: ended calls are final for this hook either way.
      return state !== 'ended' && was !== status && NEXT[was].includes(status);
    });
    if (await moveFrom(callId, from, target, null)) return { result: 'updated', status };
    const row = await readCall(callId);
    if (!row) return { result: 'not-found' };
    return row.status === status ? { result: 'unchanged', status } : { result: 'conflict', status: row.status };
  }

  async function setState(callId: string, report: StateReport): Promise<StateUpdate> {
    const earlier = CALL_STATES.filter((state) => state !== 'ended' && stateRank(state) < stateRank(report.state));
    const reason = report.reason ?? null;
    let moved: CallStatusEvent | undefined;
    if (report.state !== 'ended' || report.outcome) {
      moved = await moveFrom(callId, earlier, { state: report.state, outcome: report.outcome ?? null }, reason);
    } else {
      // Ended without a reason that says how: completed once it was in progress, failed before.
      moved =
        (await moveFrom(callId, ['in-progress'], { state: 'ended', outcome: 'completed' }, reason)) ??
        (await moveFrom(callId, ['preparing', 'ringing'], { state: 'ended', outcome: 'failed' }, reason));
    }
    if (moved) return { result: 'updated', event: moved };
    const row = await readCall(callId);
    if (!row) return { result: 'not-found' };
    return { result: row.state === report.state ? 'unchanged' : 'stale', event: eventOf(callId, row) };
  }

  async function linkProviderCall(callId: string, providerCallId: string): Promise<boolean> {
    // A read first: every message of a call names it, and only the first links it.
    const row = await db
      .selectFrom('call_notifications')
      .select('provider_call_id')
      .where('id', '=', callId)
      .executeTakeFirst();
    if (!row) return false;
    if (row.provider_call_id === null) {
      await db
        .updateTable('call_notifications')
        .set({ provider_call_id: providerCallId })
        .where('id', '=', callId)
        .where('provider_call_id', 'is', null)
        .execute();
    }
    return true;
  }

  async function callOfProvider(providerCallId: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('call_notifications')
      .select('id')
      .where('provider_call_id', '=', providerCallId)
      .executeTakeFirst();
    return row?.id;
  }

  return { currentStatus, setStatus, setState, linkProviderCall, callOfProvider };
}
