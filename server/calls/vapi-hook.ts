import { type Hook, hookError } from '#server/hooks/hook-path.ts';
import type { Logger } from '#server/logger.ts';
import { isCallId } from '#shared/call-status-protocol.ts';
import type { CallConversation } from './call-conversation.ts';
import type { ReportCall } from './call-reports.ts';
import type { CallStatusService } from './call-status-service.ts';
import { readVapiMessage } from './vapi-messages.ts';

/** Calls whose Vapi id this instance keeps linked in memory: far more than are ever live at once. */
const LINKED_MAX = 10_000;

/**
 * POST /api/hooks/vapi: Vapi's server messages, signed with VAPI_SERVER_SECRET (server/hooks/hooks.ts).
 * Each is read into our own reports and applied like the local driver's (README "Call provider"):
 * - a type we do not act on is answered 200 and ignored;
 * - a message for a call we do not have (placed elsewhere, or erased) is answered 200 and ignored: Vapi has
 *   nothing to retry, and an erased call must not come back;
 * - a repeated message changes nothing, and one that comes late never moves a call back.
 */
export function vapiHook({
  calls,
  conversation,
  report,
  logger,
}: {
  calls: Pick<CallStatusService, 'linkProviderCall' | 'callOfProvider'>;
  conversation: Pick<CallConversation, 'finalLines'>;
  report: ReportCall;
  logger: Logger;
}): Hook['handle'] {
  const log = logger.child({ subsystem: 'vapi-hook' });

  // Vapi's ids already linked to ours on this instance: a call's later messages then cost no lookup. A call
  // erased since is still refused, by the report that finds nothing.
  const linked = new Map<string, string>();
  const remember = (providerCallId: string, callId: string) => {
    linked.set(providerCallId, callId);
    if (linked.size > LINKED_MAX) for (const oldest of linked.keys()) if (linked.delete(oldest)) break;
  };

  /** Our call: by the metadata we placed it with (linking Vapi's id to it the first time), else by Vapi's id. */
  async function callOf(callId: string | undefined, providerCallId: string | undefined): Promise<string | undefined> {
    if (providerCallId) {
      const known = linked.get(providerCallId);
      if (known && (!callId || known === callId)) return known;
    }
    if (callId && isCallId(callId)) {
      if (!providerCallId) return callId;
      if (await calls.linkProviderCall(callId, providerCallId)) {
        remember(providerCallId, callId);
        return callId;
      }
    }
    if (!providerCallId) return undefined;
    const found = await calls.callOfProvider(providerCallId);
    if (found) remember(providerCallId, found);
    return found;
  }

  return async (body) => {
    const message = readVapiMessage(body);
    if (message.kind === 'malformed') return hookError(400, 'Expected { message: { type, call: { id, metadata } } }.');
    if (message.kind === 'ignored') return { status: 200, body: { ignored: message.type } };
    const callId = await callOf(message.callId, message.providerCallId);
    if (!callId) {
      log.info({ type: message.type, providerCallId: message.providerCallId }, 'vapi message for an unknown call');
      return { status: 200, body: { ignored: 'unknown call' } };
    }
    let changed = false;
    let known = true;
    for (const each of message.reports) {
      const result = await report(callId, each);
      changed ||= result.changed;
      known &&= result.known;
    }
    if (known && message.transcriptLines.length > 0 && (await conversation.finalLines(callId)) === 0) {
      for (const line of message.transcriptLines) changed ||= (await report(callId, line)).changed;
    }
    if (!known) return { status: 200, body: { ignored: 'unknown call' } };
    return { status: 200, body: { callId, changed } };
  };
}
