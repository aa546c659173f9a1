import { signedHeaders } from '../middleware/signed-webhook.ts';
import { isSuccess, type Outbound, requestJson } from './http.ts';

export const DELIVERY_HEADER = 'x-porchlight-delivery';
export const TOPIC_HEADER = 'x-porchlight-topic';

export interface WebhookDelivery {
  /** Stable across retries, so the receiver can drop a payload it already has (at-least-once delivery). */
  id: string;
  topic: string;
  /** The JSON body exactly as stored in the outbox. */
  body: string;
}

/**
 * POSTs one lead payload to the automation (SPEC §7 "automation webhook"). Signed like our own hooks when
 * HOOK_SECRET is set, so the receiver can check it came from us. Rejects unless the answer is 2xx.
 */
export async function deliverWebhook(
  url: string,
  delivery: WebhookDelivery,
  { outbound, secret, now }: { outbound: Outbound; secret: string | undefined; now: Date },
): Promise<void> {
  const headers: Record<string, string> = {
    ...(secret ? signedHeaders(secret, delivery.body, now) : {}),
    [DELIVERY_HEADER]: delivery.id,
    [TOPIC_HEADER]: delivery.topic,
  };
  const reply = await requestJson(url, { method: 'POST', headers, body: delivery.body }, outbound);
  if (!isSuccess(reply.status)) throw new Error(`webhook answered ${reply.status}`);
}
