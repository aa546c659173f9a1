import { signedHeaders } from '#server/hooks/signing.ts';
import { isSuccess, type Outbound, requestJson } from '#server/http/outbound.ts';

export const DELIVERY_HEADER = 'x-porchlight-delivery';
export const TOPIC_HEADER = 'x-porchlight-topic';

export interface WebhookDelivery {
  /**
   * The lead's id: stable across retries and databases, so the receiver can drop a payload it already has
   * (delivery is at least once).
   */
  id: string;
  topic: string;
  /** The JSON body exactly as stored in the outbox. */
  body: string;
}

/**
 * The receiver answered, but refused this payload (a 4xx other than 408 and 429). Anything else that goes
 * wrong (no connection, a timeout, a 5xx, 408 or 429) says the receiver is unavailable, not the payload bad.
 */
export class WebhookRejected extends Error {
  override name = 'WebhookRejected';
}

const UNAVAILABLE_STATUSES = new Set([408, 429]);

/**
 * POSTs one lead payload to the automation. Signed with LEAD_WEBHOOK_SECRET when set, by the same scheme as our
 * own hooks over POST, the URL's path (no query) and the body, so the receiver can check it came from us;
 * unsigned without it. Rejects unless the answer is 2xx;
 * with WebhookRejected when the receiver refused the payload itself.
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
  if (isSuccess(reply.status)) return;
  const message = `webhook answered ${reply.status}`;
  if (reply.status >= 500 || UNAVAILABLE_STATUSES.has(reply.status)) throw new Error(message);
  throw new WebhookRejected(message);
}
