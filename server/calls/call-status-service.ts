import type { Kysely } from 'kysely';
import type { DB } from '#db/database.ts';
import type { Database } from '#db/schema.ts';
import {
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

/** What a report asks of a call as it is: a new state, or why it stays. */
type Decision =
  | { move: { state: CallState; outcome: CallOutcome | null } }
  | { stay: 'unchanged' | 'stale' | 'conflict' };

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
  const readCall = (trx: Kysely<Database>, callId: string): Promise<CallRow | undefined> =>
    trx
      .selectFrom('call_notifications')
      .select(['status', 'state', 'outcome', 'updated_at'])
      .where('id', '=', callId)
      .executeTakeFirst();

  /**
   * One conditional write from the state read to the state decided, so that of two instances moving one call at
   * once only one changes it and publishes; the other reads what the call is now and decides again.
   */
  async function move(
    callId: string,
    decide: (row: CallRow) => Decision,
    reason: string | null,
  ): Promise<{ verdict: 'updated' | 'unchanged' | 'stale' | 'conflict'; row: CallRow } | undefined> {
    const outcome = await db.transaction().execute(async (trx) => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const row = await readCall(trx, callId);
        if (!row) return undefined;
        const decision = decide(row);
        if ('stay' in decision) return { verdict: decision.stay, row };
        const next: CallRow = {
          state: decision.move.state,
          outcome: decision.move.outcome,
          status: statusOfState(decision.move.state, decision.move.outcome),
          updated_at: clock().toISOString(),
        };
        const { numUpdatedRows } = await trx
          .updateTable('call_notifications')
          .set({
            ...next,
            ...(next.state === 'ended' && reason ? { ended_reason: reason.slice(0, REASON_MAX) } : {}),
          })
          .where('id', '=', callId)
          .where('state', '=', row.state)
          .executeTakeFirst();
        if (numUpdatedRows > 0n) return { verdict: 'updated' as const, row: next };
      }
      const row = await readCall(trx, callId);
      return row && { verdict: 'unchanged' as const, row };
    });
    // After the commit, never inside the transaction: the browser hears only of a change that was stored.
    if (outcome?.verdict === 'updated') {
      events.publish({ name: CALL_STATUS_EVENT, event: eventOf(callId, outcome.row) });
    }
    return outcome;
  }

  async function currentStatus(callId: string): Promise<CallStatus | undefined> {
    const row = await db.selectFrom('call_notifications').select('status').where('id', '=', callId).executeTakeFirst();
    return row?.status;
  }

  async function setStatus(callId: string, status: CallStatus): Promise<StatusUpdate> {
    const target = stateOfStatus(status);
    const moved = await move(
      callId,
      (row) => {
        if (row.status === status) return { stay: 'unchanged' };
        return NEXT[row.status].includes(status) ? { move: target } : { stay: 'conflict' };
      },
      null,
    );
    if (!moved) return { result: 'not-found' };
    if (moved.verdict === 'updated' || moved.verdict === 'unchanged') return { result: moved.verdict, status };
    return { result: 'conflict', status: moved.row.status };
  }

  async function setState(callId: string, report: StateReport): Promise<StateUpdate> {
    const outcome = report.state === 'ended' ? (report.outcome ?? 'completed') : null;
    const moved = await move(
      callId,
      (row) => {
        if (row.state === 'ended') return { stay: report.state === 'ended' ? 'unchanged' : 'stale' };
        const rank = stateRank(report.state) - stateRank(row.state);
        if (rank === 0) return { stay: 'unchanged' };
        if (rank < 0) return { stay: 'stale' };
        return { move: { state: report.state, outcome } };
      },
      report.reason ?? null,
    );
    if (!moved) return { result: 'not-found' };
    const verdict = moved.verdict === 'conflict' ? 'stale' : moved.verdict;
    return { result: verdict, event: eventOf(callId, moved.row) };
  }

  async function linkProviderCall(callId: string, providerCallId: string): Promise<boolean> {
    const linked = await db
      .updateTable('call_notifications')
      .set({ provider_call_id: providerCallId })
      .where('id', '=', callId)
      .where('provider_call_id', 'is', null)
      .executeTakeFirst();
    if (linked.numUpdatedRows > 0n) return true;
    const row = await db.selectFrom('call_notifications').select('id').where('id', '=', callId).executeTakeFirst();
    return row !== undefined;
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
