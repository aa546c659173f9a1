import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, expect, test } from 'vitest';
import { CALL_JOIN_EVENT, CALL_STATUS_EVENT, type CallStatusEvent } from '#shared/call-status-protocol.ts';
import {
  type ListeningServer,
  postLead,
  startListeningServer,
  startReceiver,
  waitUntil,
} from '#tests/support/server-process.ts';
import { createTestDatabase, testPostgresUrl } from '#tests/support/test-database.ts';

// Two production server processes on one PostgreSQL database, as behind a load balancer, and one of them killed
// outright in the middle of a stream of leads: the survivor delivers every lead either of them accepted, and
// takes over the local call driver. PostgreSQL only: one SQLite file has one server (fault-tolerance.test.ts
// kills and restarts that one).

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function instance(env: Record<string, string>): Promise<ListeningServer> {
  // The browser tests' entry: the production server with a clock at noon in Texas, so demo calls are made now.
  const started = await startListeningServer(env, 'tests/support/e2e-server.ts');
  cleanups.push(() => {
    started.child.kill('SIGKILL');
  });
  return started;
}

/** Asks for a demo call; its id once the server accepted it. */
async function demoCall(base: string, phone: string): Promise<string> {
  const res = await fetch(`${base}/api/demo-calls`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ fullName: 'Dana Whitfield', phone, email: 'dana@example.com', consent: true }),
  });
  const body = (await res.json()) as { callId?: string };
  expect(res.status).toBe(201);
  expect(body.callId).toBeTypeOf('string');
  return String(body.callId);
}

/** The delivery attempts the instances recorded in the outbox, by lead id (over all of a lead's payloads). */
async function recordedAttempts(url: string): Promise<Map<string, number>> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    const { rows } = await client.query<{ payload: string; attempts: number | string }>(
      'select payload, attempts from outbox',
    );
    const attempts = new Map<string, number>();
    for (const row of rows) {
      const leadId = String((JSON.parse(row.payload) as { leadId?: unknown }).leadId);
      // A bigint column comes back as a string.
      attempts.set(leadId, (attempts.get(leadId) ?? 0) + Number(row.attempts));
    }
    return attempts;
  } finally {
    await client.end();
  }
}

/** The statuses a browser following `callId` on the instance at `base` learns: the join's answer, then pushes. */
async function follow(base: string, callId: string): Promise<CallStatusEvent[]> {
  const socket: Socket = connect(base, { transports: ['websocket'], reconnection: false });
  cleanups.push(() => void socket.close());
  const seen: CallStatusEvent[] = [];
  socket.on(CALL_STATUS_EVENT, (event: CallStatusEvent) => seen.push(event));
  seen.push(await socket.timeout(30_000).emitWithAck(CALL_JOIN_EVENT, callId));
  return seen;
}

test.skipIf(testPostgresUrl() === undefined)(
  'kill -9 of one instance mid-stream: the other delivers every accepted lead and moves its call on',
  { timeout: 180_000 },
  async () => {
    const database = await createTestDatabase(testPostgresUrl() ?? '');
    cleanups.push(() => database.release());
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const env = {
      DATABASE_URL: database.url,
      SESSION_SECRET: 'a-session-secret-shared-by-every-instance',
      DO_NOT_CONTACT_KEY: 'a-do-not-contact-key-shared-by-every-instance',
      LEAD_WEBHOOK_URL: receiver.url,
      // Long enough that a busy machine's slow answer is not taken for a failure (and the lead sent again). A
      // lease on a row being sent lasts twice this plus a second: the survivor's wait for the dead one's rows.
      OUTBOUND_TIMEOUT_MS: '5000',
      LOCAL_CALL_DELAY_MS: '8000',
      API_RATE_LIMIT_PER_MINUTE: '100000',
      DEMO_RATE_LIMIT_PER_HOUR: '100000',
    };
    const [doomed, survivor] = [await instance(env), await instance(env)];

    // Four clients post leads over both instances, as a load balancer spreads them, while the receiver takes them.
    const accepted: string[] = [];
    let unanswered = 0;
    let stopped = false;
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 0; !stopped; i++) {
        const target = (client + i) % 2 ? doomed : survivor;
        if (target === doomed && doomed.child.exitCode !== null) continue;
        try {
          const phone = await postLead(target.url, (client + i) % 3 ? 'contact' : 'demo');
          if (phone) accepted.push(phone);
        } catch {
          // The connection died with the process: no answer, no promise made (the lead may be stored all the same).
          unanswered++;
        }
      }
    });
    await waitUntil(() => receiver.accepted.size >= 30, 60_000, '30 leads delivered');

    // The receiver stops answering, so both instances hold leased rows in flight; then one of them dies, with
    // a call it accepted still waiting for its driver.
    receiver.setMode('hang');
    const phone = '2104001234';
    const callId = await demoCall(doomed.url, phone);
    accepted.push(phone);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const killedAt = performance.now();
    const seen = await follow(survivor.url, callId);
    expect(seen[0]).toMatchObject({ callId, status: 'preparing' });

    // The stream goes on against the survivor alone, and the receiver comes back.
    const before = accepted.length;
    await waitUntil(() => accepted.length >= before + 10, 60_000, '10 more leads accepted by the survivor');
    stopped = true;
    await Promise.all(clients);
    receiver.setMode('ok');
    const back = performance.now();

    // The survivor's driver moves the dead instance's call on, and the browser following it hears so.
    await expect.poll(() => seen.map((event) => event.status), { timeout: 30_000 }).toContain('calling');
    await waitUntil(
      () => accepted.every((number) => receiver.deliveredPhones().has(number)),
      60_000,
      'every accepted lead delivered',
    );
    const drained = Math.round(performance.now() - back);
    console.info(`${accepted.length} leads: every one delivered ${drained} ms after the receiver came back`);
    // A little longer: nothing is delivered twice, but for what delivery at least once allows (README, "Lead
    // webhook"). A send the sender recorded as failed may have reached the receiver all the same (on a starved
    // machine its answer can come after the sender's deadline), so each recorded attempt allows a delivery; and a
    // lead the receiver took just before the kill, which the dead instance never recorded, is sent again by the
    // survivor. Two instances sending one row at once, or a row sent again once marked as sent, record no attempt
    // for their second delivery and show as one too many.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const attempts = await recordedAttempts(database.url);
    const sentAgain = [...receiver.acceptedAt].filter(([, times]) => times.length > 1);
    const takenAtTheKill = (times: number[]) => times.some((at) => at < killedAt) && times.some((at) => at >= killedAt);
    const tooMany = sentAgain.filter(
      ([leadId, times]) => times.length > (attempts.get(leadId) ?? 0) + (takenAtTheKill(times) ? 1 : 0),
    );
    expect(
      tooMany.map(([leadId, times]) => ({ leadId, deliveries: times.length, attempts: attempts.get(leadId) })),
    ).toEqual([]);
    if (sentAgain.length > 0)
      console.info(`${sentAgain.length} lead(s) delivered again after a failed or unrecorded send`);
    const delivered = receiver.deliveredPhones();
    expect(accepted.filter((number) => !delivered.has(number))).toEqual([]);
    // Beyond those, only leads the dead instance stored but never answered for.
    expect(delivered.size - accepted.length).toBeLessThanOrEqual(unanswered);
  },
);
