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
 * POSTs one lead payload to the automation. Signed with LEAD_WEBHOOK_SECRET when set, by the same scheme as our
 * own hooks over POST, the URL's path (no query) and the body, so the receiver can check it came from us;
 * unsigned without it. Rejects unless the answer is 2xx.
 */
export async function deliverWebhook(
  url: string,
  delivery: WebhookDelivery,
  { outbound, secret, now }: { outbound: Outbound; secret: string | undefined; now: Date },
): Promise<void> {
  const method = 'POST';
  const signed = { method, path: new URL(url).pathname, body: delivery.body };
  const headers: Record<string, string> = {
    ...(secret ? signedHeaders(secret, signed, now) : {}),
    [DELIVERY_HEADER]: delivery.id,
    [TOPIC_HEADER]: delivery.topic,
  };
  const reply = await requestJson(url, { method, headers, body: delivery.body }, outbound);
  if (!isSuccess(reply.status)) throw new Error(`webhook answered ${reply.status}`);
}
