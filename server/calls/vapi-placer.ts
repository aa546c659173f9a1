import { z } from 'zod';
import { bearer, isSuccess, type Outbound, requestJson } from '#server/http/outbound.ts';
import { type CallPlacer, PlacementRefused } from './call-placer.ts';

export const VAPI_API_URL = 'https://api.vapi.ai';

export interface VapiSettings {
  /** https://api.vapi.ai; tests point it at a fake on loopback. */
  apiUrl: string;
  apiKey: string;
  assistantId: string;
  phoneNumberId: string;
}

// Vapi keeps a customer's name to 40 characters.
const NAME_MAX = 40;
const UNAVAILABLE = new Set([408, 429]);
const createdSchema = z.object({ id: z.string().min(1).max(200) });
const listedSchema = z.array(
  z.looseObject({ id: z.string().min(1).max(200), metadata: z.looseObject({ callId: z.unknown() }).nullish() }),
);
// A list of calls carries their transcripts: room for a page of them.
const LIST_REPLY_BYTES = 8 * 1024 * 1024;
const LIST_LIMIT = 100;
const monitoredSchema = z.looseObject({ monitor: z.looseObject({ controlUrl: z.url() }).nullish() });

/**
 * Places calls through Vapi's API: one `POST /call` with the assistant, the number it calls from, the customer
 * and our ids as metadata, which Vapi sends back on every server message about the call. Plain undici rather
 * than Vapi's SDK: one request and one inbound route need no generated client.
 */
export function vapiPlacer(settings: VapiSettings, outbound: Outbound): CallPlacer {
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/call`;
  return {
    provider: 'vapi',
    async findPlaced({ callId, since }) {
      // Vapi's list of calls, narrowed to this assistant and number since the call was asked for; our id is in
      // the metadata each call was created with.
      const query = new URLSearchParams({
        assistantId: settings.assistantId,
        phoneNumberId: settings.phoneNumberId,
        createdAtGe: since.toISOString(),
        limit: String(LIST_LIMIT),
      });
      const reply = await requestJson(
        `${url}?${query}`,
        { method: 'GET', headers: bearer(settings.apiKey), maxReplyBytes: LIST_REPLY_BYTES },
        outbound,
      );
      const listed = listedSchema.safeParse(reply.body);
      if (!isSuccess(reply.status) || !listed.success) {
        throw new Error(`Vapi could not list its calls: ${reply.status}${detailOf(reply.body)}`);
      }
      const found = listed.data.find((call) => call.metadata?.callId === callId);
      return found ? { providerCallId: found.id } : undefined;
    },
    async endCall({ providerCallId }) {
      // Vapi's live call control: the call's own control URL, from the call (docs.vapi.ai, "Live Call Control";
      // the assistant's monitorPlan must have controlEnabled).
      const call = await requestJson(
        `${url}/${encodeURIComponent(providerCallId)}`,
        { method: 'GET', headers: bearer(settings.apiKey), maxReplyBytes: LIST_REPLY_BYTES },
        outbound,
      );
      if (call.status === 404) throw new PlacementRefused('Vapi does not know the call');
      const monitored = monitoredSchema.safeParse(call.body);
      if (!isSuccess(call.status) || !monitored.success) {
        throw new Error(`Vapi could not give the call: ${call.status}${detailOf(call.body)}`);
      }
      const controlUrl = monitored.data.monitor?.controlUrl;
      if (!controlUrl)
        throw new PlacementRefused("Vapi gives no control URL: enable the assistant's monitorPlan.controlEnabled");
      const ended = await requestJson(controlUrl, { method: 'POST', json: { type: 'end-call' } }, outbound);
      if (!isSuccess(ended.status)) throw new Error(`Vapi's call control answered ${ended.status}`);
    },
    async place({ callId, leadId, phone, name }) {
      const reply = await requestJson(
        url,
        {
          method: 'POST',
          headers: bearer(settings.apiKey),
          json: {
            assistantId: settings.assistantId,
            phoneNumberId: settings.phoneNumberId,
            customer: { number: phone, name: name.slice(0, NAME_MAX) },
            metadata: { callId, leadId },
          },
        },
        outbound,
      );
      if (isSuccess(reply.status)) {
        const created = createdSchema.safeParse(reply.body);
        if (created.success) return { providerCallId: created.data.id };
        throw new Error(`Vapi answered ${reply.status} without a call id`);
      }
      const message = `Vapi answered ${reply.status}${detailOf(reply.body)}`;
      if (reply.status >= 500 || UNAVAILABLE.has(reply.status)) throw new Error(message);
      throw new PlacementRefused(message);
    },
  };
}

/** Vapi's own words on a refusal (`{ message }`), short, for the lead inbox. */
function detailOf(body: unknown): string {
  const parsed = z.object({ message: z.union([z.string(), z.array(z.string())]) }).safeParse(body);
  if (!parsed.success) return '';
  const message = Array.isArray(parsed.data.message) ? parsed.data.message.join('; ') : parsed.data.message;
  return `: ${message.slice(0, 200)}`;
}
