import type { DemoCallScript } from '#content/schema.ts';
import type { DB } from '#db/database.ts';
import { onOneInstance } from '#db/instance-lock.ts';
import type { Config } from '#server/config.ts';
import type { Logger } from '#server/logger.ts';
import type { Clock } from '#shared/clock.ts';
import type { CallConversation } from './call-conversation.ts';
import { type CallEvents, statusOf } from './call-events.ts';
import type { ReportCall } from './call-reports.ts';
import { DEMO_CALL_SCRIPT, type ScriptBeat, scriptBeats } from './demo-call-script.ts';

/** Runs `task` after `delayMs`; returns the function that cancels it. Tests pass their own. */
export type Schedule = (task: () => void, delayMs: number) => () => void;

export const timerSchedule: Schedule = (task, delayMs) => {
  const timer = setTimeout(task, delayMs);
  timer.unref();
  return () => clearTimeout(timer);
};

/** Names the advisory lock that keeps the local call driver to one instance at a time (db/instance-lock.ts). */
export const LOCAL_CALL_DRIVER_LOCK = 'porchlight:local-call-driver';

/** How many due calls one sweep moves; more wait for the next sweep. */
const SWEEP_BATCH = 100;
/** Calls older than this are not resumed: whatever stopped them, nobody is watching any more. */
const RESUME_WITHIN_MS = 3_600_000;

/** How often the driver looks for due calls: a fraction of the delay, so a call is late by at most that. */
export function sweepIntervalMs(delayMs: number): number {
  return Math.max(250, Math.round(delayMs / 4));
}

/**
 * A call provider places the calls (Vapi), or an automation is there when leads reach it (LEAD_WEBHOOK_URL) and
 * it can report back (HOOK_SECRET). Without either, nothing would ever move a call past 'preparing', so the local
 * driver stands in. LEAD_WEBHOOK_SECRET plays no part: it only lets the receiver check our deliveries.
 */
export function callAutomationConfigured(config: Config): boolean {
  return Boolean(config.vapi || (config.secrets.leadWebhookUrl && config.secrets.hookSecret));
}

/**
 * Without a call provider or automation: plays the scripted demo call (content/demo-call-script.json) on each call
 * that has been 'preparing' for `delayMs`, beat by beat, as the same reports the Vapi hook makes of Vapi's
 * messages (`report`), so a fresh checkout shows the whole live call. `pace` scales the script's delays (0 plays
 * it at once).
 *
 * It works from the database, not from memory: a sweep every `sweepEveryMs` starts every due call, under an
 * advisory lock so that with several instances on one PostgreSQL database one sweeps at a time; the move to
 * 'ringing' is a conditional write, so one instance plays each call. A call accepted by an instance that died
 * is started by another, and one whose player died mid-call (nothing heard for longer than any pause of the
 * script) is resumed after its last final line. A new call on this instance also wakes a sweep when it falls due.
 */
export function startLocalCallDriver({
  db,
  events,
  report,
  conversation,
  clock,
  delayMs,
  pace = 1,
  logger,
  schedule = timerSchedule,
  sweepEveryMs = sweepIntervalMs(delayMs),
  script = DEMO_CALL_SCRIPT,
}: {
  db: DB;
  events: CallEvents;
  report: ReportCall;
  conversation: Pick<CallConversation, 'finalLines'>;
  clock: Clock;
  delayMs: number;
  /** LOCAL_CALL_PACE: the script's delays are multiplied by it. */
  pace?: number;
  logger: Logger;
  schedule?: Schedule;
  sweepEveryMs?: number;
  script?: DemoCallScript;
}): { sweepNow(): Promise<void>; stop(): Promise<void> } {
  const log = logger.child({ subsystem: 'local-call-driver' });
  const pending = new Set<() => void>();
  const playing = new Set<string>();
  const reporting = new Set<Promise<unknown>>();
  const longestPauseMs = Math.max(0, ...scriptBeats(script, '').map((beat) => beat.afterMs)) * pace;
  // A player that lets this long pass without a word has died with its instance.
  const stallMs = longestPauseMs * 3 + sweepEveryMs + 1_000;
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;

  /** Schedules `task` once, forgetting its cancel function when it runs. */
  const later = (task: () => void, ms: number) => {
    let cancel: (() => void) | undefined;
    let ran = false;
    cancel = schedule(() => {
      ran = true;
      if (cancel) pending.delete(cancel);
      task();
    }, ms);
    if (!ran) pending.add(cancel);
  };

  /** Plays `beats` from `from` on, each after its delay; stops when the call is gone or the driver stops. */
  function play(callId: string, beats: ScriptBeat[], from: number): void {
    playing.add(callId);
    let next = from;
    const step = () => {
      const beat = beats[next++];
      if (stopped || !beat) {
        playing.delete(callId);
        return;
      }
      later(() => {
        const done = report(callId, beat.report);
        reporting.add(done);
        void done.finally(() => reporting.delete(done)).catch(() => undefined);
        done.then(
          (result) => {
            if (result.known) step();
            else playing.delete(callId);
          },
          (error: unknown) => {
            // The next sweep resumes it once it counts as stalled.
            log.warn({ err: error, callId }, 'local call driver could not play a beat');
            playing.delete(callId);
          },
        );
      }, beat.afterMs * pace);
    };
    step();
  }

  const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

  /** Where to pick a call up again: after its last final line, and after the beat of the state it is in. */
  async function resumeAt(callId: string, state: string, beats: ScriptBeat[]): Promise<number> {
    const finals = await conversation.finalLines(callId);
    let at = 0;
    let seen = 0;
    beats.forEach((beat, i) => {
      if (beat.report.type === 'line' && beat.report.final && ++seen <= finals) at = Math.max(at, i + 1);
      if (beat.report.type === 'state' && beat.report.state === state) at = Math.max(at, i + 1);
    });
    return at;
  }

  async function startDueCalls(own: DB): Promise<void> {
    const cutoff = new Date(clock().getTime() - delayMs).toISOString();
    // By status, which the (status, created_at) index answers: 'preparing' is the state of the same name.
    const due = await own
      .selectFrom('call_notifications as c')
      .innerJoin('leads as l', 'l.id', 'c.lead_id')
      .select(['c.id', 'l.full_name'])
      .where('c.status', '=', 'preparing')
      .where('c.created_at', '<=', cutoff)
      .orderBy('c.created_at')
      .limit(SWEEP_BATCH)
      .execute();
    for (const { id, full_name } of due) {
      if (stopped) break;
      const beats = scriptBeats(script, firstNameOf(full_name));
      const [first] = beats;
      if (!first || playing.has(id)) continue;
      // The first beat is the ring: of two instances, the one whose write moved the call plays it.
      const started = await report(id, first.report);
      log.debug({ callId: id, started: started.changed }, 'local call driver started a call');
      if (started.changed) play(id, beats, 1);
    }
  }

  async function resumeStalledCalls(own: DB): Promise<void> {
    const now = clock().getTime();
    const quiet = new Date(now - stallMs).toISOString();
    const live = await own
      .selectFrom('call_notifications as c')
      .innerJoin('leads as l', 'l.id', 'c.lead_id')
      .select(['c.id', 'c.state', 'c.updated_at', 'l.full_name'])
      .where('c.status', '=', 'calling')
      .where('c.created_at', '>=', new Date(now - RESUME_WITHIN_MS).toISOString())
      .where('c.updated_at', '<=', quiet)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('call_transcript_lines as t')
              .select('t.id')
              .whereRef('t.call_id', '=', 'c.id')
              .where('t.spoken_at', '>', quiet),
          ),
        ),
      )
      .limit(SWEEP_BATCH)
      .execute();
    for (const call of live) {
      if (stopped) break;
      if (playing.has(call.id)) continue;
      // Claimed by touching it: of two instances, the one whose write matched resumes it.
      const claimed = await own
        .updateTable('call_notifications')
        .set({ updated_at: clock().toISOString() })
        .where('id', '=', call.id)
        .where('updated_at', '=', call.updated_at)
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) continue;
      const beats = scriptBeats(script, firstNameOf(call.full_name));
      const from = await resumeAt(call.id, call.state, beats);
      log.info({ callId: call.id, from }, 'local call driver resumed a call nobody was playing');
      play(call.id, beats, from);
    }
  }

  async function sweepDue(): Promise<void> {
    const outcome = await onOneInstance(db, LOCAL_CALL_DRIVER_LOCK, async (own) => {
      await startDueCalls(own);
      await resumeStalledCalls(own);
    });
    if (!outcome.ran) log.debug('the local call driver is running on another instance');
  }

  /** One sweep at a time on this instance; a wake during a sweep runs one more after it. */
  function sweep(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await sweepDue().catch((error: unknown) => log.warn({ err: error }, 'local call driver could not sweep'));
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const tick = () => {
    void sweep().then(() => {
      if (!stopped) later(tick, sweepEveryMs);
    });
  };

  const unsubscribe = events.subscribe((event) => {
    if (statusOf(event)?.state === 'preparing' && !stopped) later(() => void sweep(), delayMs);
  });
  tick();

  return {
    /** Starts what is due now, without waiting for the schedule; resolves when the sweep is done. */
    sweepNow: sweep,
    /** Stops sweeping and playing, and waits for a sweep in progress, so the database can close after. */
    async stop() {
      stopped = true;
      unsubscribe();
      for (const cancel of pending) cancel();
      pending.clear();
      await running;
      await Promise.allSettled([...reporting]);
    },
  };
}
