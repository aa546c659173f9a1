import type { CallFields, CallSummary } from '#shared/call-status-protocol.ts';
import type { CallConversation, HeardLine } from './call-conversation.ts';
import type { CallStatusService, StateReport } from './call-status-service.ts';

/**
 * What a call provider reports about a call, in our own terms: the one input of the live call. The Vapi hook
 * translates each server message into these, and the local call driver plays its script as these, so both take
 * the same path to the database and the browser.
 */
export type CallReport =
  | ({ type: 'state' } & StateReport)
  | ({ type: 'line' } & HeardLine)
  | { type: 'fields'; fields: CallFields }
  | ({ type: 'summary' } & CallSummary);

/** `changed` when the report changed the call (and was pushed); `known` is false for a call we do not have. */
export interface ReportResult {
  known: boolean;
  changed: boolean;
}

export type ReportCall = (callId: string, report: CallReport) => Promise<ReportResult>;

export function callReporter({
  calls,
  conversation,
}: {
  calls: Pick<CallStatusService, 'setState'>;
  conversation: Pick<CallConversation, 'hear' | 'learn' | 'summarize'>;
}): ReportCall {
  return async (callId, report) => {
    switch (report.type) {
      case 'state': {
        const { state, outcome, reason } = report;
        const moved = await calls.setState(callId, { state, outcome, reason });
        return { known: moved.result !== 'not-found', changed: moved.result === 'updated' };
      }
      case 'line': {
        const heard = await conversation.hear(callId, { role: report.role, text: report.text, final: report.final });
        return { known: heard.result !== 'not-found', changed: heard.result === 'heard' };
      }
      case 'fields': {
        const learned = await conversation.learn(callId, report.fields);
        return { known: learned.result !== 'not-found', changed: learned.result === 'updated' };
      }
      case 'summary': {
        const { durationSeconds, learned, nextStep } = report;
        const done = await conversation.summarize(callId, { durationSeconds, learned, nextStep });
        return { known: done.result !== 'not-found', changed: done.result === 'updated' };
      }
    }
  };
}
