import http from 'node:http';
import { MockAgent } from 'undici';
import { expect } from 'vitest';
import { type CallEvents, statusOf } from '#server/calls/call-events.ts';
import type { CallRoomEvent, CallStatusEvent } from '#shared/call-status-protocol.ts';

/** A MockAgent that refuses every request it was not told about, so no test reaches the network. */
export function fakeThirdParties(): MockAgent {
  const agent = new MockAgent();
  agent.disableNetConnect();
  return agent;
}

/** Records every call status event the app publishes. */
export function recordCallEvents(events: CallEvents): CallStatusEvent[] {
  const seen: CallStatusEvent[] = [];
  events.subscribe((event) => {
    const status = statusOf(event);
    if (status) seen.push(status);
  });
  return seen;
}

/** Records every event the app publishes to call rooms: states, transcript lines, fields, summaries. */
export function recordRoomEvents(events: CallEvents): CallRoomEvent[] {
  const seen: CallRoomEvent[] = [];
  events.subscribe((event) => seen.push(event));
  return seen;
}

/** The app (or the server's listener over it, `requestListener(app)`) on a loopback port. */
export async function listen(app: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('the test server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A consent receipt's link as a form's answer carries it (docs/product-rules.md#consent). */
export const RECEIPT_URL = expect.stringMatching(/^https?:\/\/[^/]+\/consent\/[A-Za-z0-9_-]{43}$/);
export const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
