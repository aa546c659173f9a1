import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { Agent } from 'undici';
import { afterEach, expect, test, vi } from 'vitest';
import { callStatusService } from '#server/calls/call-status-service.ts';
import { LOCAL_CALL_DRIVER_LOCK, startLocalCallDriver, sweepIntervalMs } from '#server/calls/local-call-driver.ts';
import { signedHeaders } from '#server/hooks/signing.ts';
import { CONTACT_LEAD_TOPIC } from '#server/leads/lead-payloads.ts';
import { createLogger } from '#server/logger.ts';
import { RETENTION_LOCK, scheduleMaintenance } from '#server/ops/maintenance.ts';
import { DELIVERY_HEADER } from '#server/outbox/lead-webhook.ts';
import { enqueueOutbox, outboxStore } from '#server/outbox/outbox-store.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import { postgresSocketSlots, SLOT_STALE_MS } from '#server/socket/socket-slots.ts';
import {
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  type CallJoinAck,
  type CallStatusEvent,
} from '#shared/call-status-protocol.ts';
import type { Clock } from '#shared/clock.ts';
import { LEAD_RATE_LIMIT_MESSAGE, SAME_NUMBER_COOLDOWN_MESSAGE } from '#shared/messages.ts';
import { TOO_MANY_SIGN_INS } from '#shared/session-schema.ts';
import { listen, recordCallEvents } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { manualSchedule } from '#tests/support/manual-schedule.ts';
import { PASSWORDS, SIGN_IN_ENV } from '#tests/support/sessions.ts';
import { createTestApp, sameDatabaseAs, type TestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// Two instances of the server on one database, as behind a load balancer: in the PostgreSQL run each has its
// own connection pool on the shared database, which is what several instances are.

const T0 = '2026-03-02T18:00:00.000Z';
const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function twoInstances(env: Record<string, string>, clock = manualClock(T0).clock): Promise<[TestApp, TestApp]> {
  const a = await createTestApp(env, { clock });
  open.push(a);
  const shared = sameDatabaseAs(a);
  const b = await createTestApp({ ...env, ...shared.env }, { clock, ...shared.overrides });
  open.push(b);
  return [a, b];
}

test('50 concurrent demo requests for one number, split over two instances: exactly one is accepted', async () => {
  // Noon in Texas, so the call is made now rather than scheduled; limits high enough not to interfere.
  const clock = manualClock('2026-03-02T18:00:00.000Z').clock;
  const env = { TRUST_PROXY: 'loopback', DEMO_RATE_LIMIT_PER_HOUR: '1000', API_RATE_LIMIT_PER_MINUTE: '1000' };
  const [a, b] = await twoInstances(env, clock);
  const servers = [await listen(a.app), await listen(b.app)];
  open.push(...servers);
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      request(servers[i % 2]?.url ?? '')
        .post('/api/demo-calls')
        .send({ fullName: 'Jane Doe', phone: '(210) 867-5309', email: `jane${i}@example.com`, consent: true }),
    ),
  );
  const accepted = answers.filter((res) => res.status === 201);
  expect(accepted).toHaveLength(1);
  const refused = answers.filter((res) => res.status === 429);
  expect(refused).toHaveLength(49);
  for (const res of refused) expect(res.body.error).toBe(SAME_NUMBER_COOLDOWN_MESSAGE);
  // Both instances answered: the claim raced across them, not within one.
  expect(new Set(answers.map((_, i) => i % 2)).size).toBe(2);
  for (const table of ['leads', 'call_notifications', 'outbox', 'phone_cooldowns'] as const) {
    const row = await a.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(row.n), table).toBe(1);
  }
});

/**
 * The automation's webhook on a loopback port, flapping: every third request is answered 503 and every fifth
 * connection is dropped. Only a 204 counts as received, by the lead id (which must match the delivery header).
 */
async function flappingReceiver() {
  const accepted = new Map<string, number>();
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    const n = requests;
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const leadId = String(JSON.parse(body).leadId);
      if (req.headers[DELIVERY_HEADER] !== leadId) {
        res.writeHead(400).end('delivery id is not the lead id');
      } else if (n % 5 === 0) {
        res.socket?.destroy();
      } else if (n % 3 === 0) {
        res.writeHead(503).end('busy');
      } else {
        accepted.set(leadId, (accepted.get(leadId) ?? 0) + 1);
        res.writeHead(204).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dispatcher = new Agent();
  open.push({
    close: async () => {
      await dispatcher.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  });
  return { url: `http://127.0.0.1:${port}/hooks/lead`, dispatcher, accepted, requests: () => requests };
}

test('100 leads, both instances’ outbox workers running, the receiver flapping: each lead delivered once', async () => {
  const time = manualClock(T0);
  const [a, b] = await twoInstances({}, time.clock);
  const receiver = await flappingReceiver();
  const ids: string[] = [];
  for (let i = 0; i < 100; i++) {
    const leadId = crypto.randomUUID();
    ids.push(leadId);
    // Queued through either instance, as the load balancer spreads the lead forms.
    await enqueueOutbox(
      (i % 2 ? a : b).db,
      { topic: CONTACT_LEAD_TOPIC, deliveryId: leadId, payload: { type: 'contact', leadId } },
      time.clock(),
    );
  }
  // Each instance's worker, on that instance's own connections to the database.
  const workers = [a, b].map((instance) =>
    createOutboxWorker({
      db: instance.db,
      url: receiver.url,
      secret: undefined,
      outbound: { dispatcher: receiver.dispatcher, timeoutMs: 5_000 },
      clock: time.clock,
      logger: createLogger('silent'),
      random: () => 0.5,
      concurrency: 4,
    }),
  );
  const pending = async () =>
    Number(
      (
        await a.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('delivered_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
  let delivered = 0;
  for (let round = 0; round < 300 && (await pending()) > 0; round++) {
    const results = await Promise.all(workers.map((worker) => worker.runOnce()));
    delivered += results.reduce((sum, result) => sum + result.delivered, 0);
    // Past any backoff and open circuit (capped at minutes).
    time.advance(10 * 60_000);
  }
  expect(await pending()).toBe(0);
  expect(delivered).toBe(100);
  expect([...receiver.accepted.keys()].sort()).toEqual([...ids].sort());
  expect([...receiver.accepted.values()].every((copies) => copies === 1)).toBe(true);
  // The receiver did flap: some attempts failed and were retried.
  expect(receiver.requests()).toBeGreaterThan(100);
});

// PostgreSQL only: SQLite has one writer at a time, so there is no row lock to pass over.
test.skipIf(testPostgresUrl() === undefined)(
  'a worker passes over the rows another instance is claiming at that moment instead of waiting for them',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances({}, time.clock);
    for (let i = 0; i < 3; i++) {
      await enqueueOutbox(
        a.db,
        { topic: CONTACT_LEAD_TOPIC, deliveryId: `lead-${i}`, payload: { type: 'contact', leadId: `lead-${i}` } },
        time.clock(),
      );
    }
    const until = new Date(time.clock().getTime() + 60_000);
    const claimed = await a.db.transaction().execute(async (trx) => {
      // Instance A is in the middle of claiming the oldest row: it holds that row's lock.
      await sql`select id from outbox where delivery_id = 'lead-0' for update`.execute(trx);
      const claim = outboxStore(b.db).claimDue(time.clock(), until, 10);
      const stuck = new Promise<'stuck'>((resolve) => setTimeout(() => resolve('stuck'), 10_000).unref());
      return Promise.race([claim, stuck]);
    });
    expect(claimed === 'stuck' ? claimed : claimed.map((row) => row.delivery_id)).toEqual(['lead-1', 'lead-2']);
  },
);

test.skipIf(testPostgresUrl() === undefined)(
  'retention runs on one instance at a time, and on another once the first lets go',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances({}, time.clock);
    await a.db
      .insertInto('sessions')
      .values({ id_hash: 'expired', role: 'client', expires_at: '2026-03-01T00:00:00.000Z', created_at: T0 })
      .execute();
    const sessions = async () => (await b.db.selectFrom('sessions').select('id_hash').execute()).length;
    const retention = async () => {
      const schedule = scheduleMaintenance({
        db: b.db,
        clock: time.clock,
        logger: createLogger('silent'),
        retentionDays: 30,
      });
      await schedule.stop();
    };
    await a.db.connection().execute(async (connection) => {
      // Instance A is running retention: it holds the lock on one of its connections.
      await sql`select pg_advisory_lock(hashtext(${RETENTION_LOCK}))`.execute(connection);
      await retention();
      expect(await sessions()).toBe(1);
      await sql`select pg_advisory_unlock(hashtext(${RETENTION_LOCK}))`.execute(connection);
    });
    // A finished (or died: PostgreSQL frees the lock with its connection); B's next run does the work.
    await retention();
    expect(await sessions()).toBe(0);
  },
);

/** Instance `app`'s local call driver on a schedule the test runs, and the call status changes it publishes. */
async function startDriver(app: TestApp, clock: Clock) {
  const timer = manualSchedule();
  const driver = startLocalCallDriver({
    db: app.db,
    events: app.callEvents,
    report: app.server.context.reportCall,
    conversation: app.server.context.conversation,
    clock,
    delayMs: app.config.leads.localCallDelayMs,
    logger: createLogger('silent'),
    schedule: timer.schedule,
  });
  open.push({ close: () => driver.stop() });
  // The first sweep runs at start; once it is done, the next is scheduled.
  await vi.waitFor(() => expect(timer.tasks.length).toBeGreaterThan(0), { timeout: 30_000, interval: 5 });
  return { driver, timer };
}

const demoForm = (phone: string) => ({ fullName: 'Jane Doe', phone, email: 'jane@example.com', consent: true });

async function statuses(app: TestApp) {
  const rows = await app.db.selectFrom('call_notifications').select(['id', 'status']).orderBy('id').execute();
  return rows.map((row) => row.status);
}

test('a call accepted by an instance whose driver stopped before the delay is moved to calling by the other', async () => {
  const time = manualClock(T0);
  const [a, b] = await twoInstances({}, time.clock);
  const delayMs = a.config.leads.localCallDelayMs;
  const drivers = [await startDriver(a, time.clock), await startDriver(b, time.clock)];
  const heardByA = recordCallEvents(a.callEvents);
  const heardByB = recordCallEvents(b.callEvents);

  const res = await request(a.app).post('/api/demo-calls').send(demoForm('2108675309'));
  expect(res.body.status).toBe('preparing');
  // Instance A goes away before the call falls due, its wake-up with it.
  await drivers[0]?.driver.stop();
  time.advance(delayMs);

  // B never heard of the call; its periodic sweep finds it in the database.
  drivers[1]?.timer.run(sweepIntervalMs(delayMs));
  await vi.waitFor(async () => expect(await statuses(b)).toEqual(['calling']), { timeout: 30_000, interval: 5 });
  // B publishes the change once its write has committed: the row can be read a moment before the event is out.
  await vi.waitFor(
    () => expect(heardByB).toEqual([expect.objectContaining({ callId: res.body.callId, status: 'calling' })]),
    { timeout: 30_000, interval: 5 },
  );
  expect(heardByA).toEqual([expect.objectContaining({ callId: res.body.callId, status: 'preparing' })]);
});

test('two running drivers move each due call once: one status change is published per call', async () => {
  const time = manualClock(T0);
  const [a, b] = await twoInstances({ DEMO_RATE_LIMIT_PER_HOUR: '1000' }, time.clock);
  const drivers = [await startDriver(a, time.clock), await startDriver(b, time.clock)];
  const heard = [recordCallEvents(a.callEvents), recordCallEvents(b.callEvents)];
  const phones = ['2108675309', '2102345678', '2103456789', '2104567890'];
  for (const [i, phone] of phones.entries()) {
    const res = await request((i % 2 ? b : a).app)
      .post('/api/demo-calls')
      .send(demoForm(phone));
    expect(res.body.status).toBe('preparing');
  }
  time.advance(a.config.leads.localCallDelayMs);

  // Every wake-up and periodic sweep of both instances at once, several times over.
  for (const { timer } of drivers) timer.run();
  await Promise.all(drivers.flatMap(({ driver }) => [driver.sweepNow(), driver.sweepNow(), driver.sweepNow()]));
  await vi.waitFor(async () => expect(await statuses(a)).toEqual(phones.map(() => 'calling')), {
    timeout: 30_000,
    interval: 5,
  });
  await Promise.all(drivers.map(({ driver }) => driver.sweepNow()));
  const moved = heard.flat().filter((event) => event.status === 'calling');
  expect(moved).toHaveLength(phones.length);
  expect(new Set(moved.map((event) => event.callId)).size).toBe(phones.length);
});

test.skipIf(testPostgresUrl() === undefined)(
  'the local call driver runs on one instance at a time, and on another once the first lets go',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances({}, time.clock);
    const { driver } = await startDriver(b, time.clock);
    const res = await request(a.app).post('/api/demo-calls').send(demoForm('2108675309'));
    expect(res.body.status).toBe('preparing');
    time.advance(a.config.leads.localCallDelayMs);
    await a.db.connection().execute(async (connection) => {
      // Instance A is sweeping: it holds the lock on one of its connections, and B's sweep leaves the call alone.
      await sql`select pg_advisory_lock(hashtext(${LOCAL_CALL_DRIVER_LOCK}))`.execute(connection);
      await driver.sweepNow();
      expect(await statuses(b)).toEqual(['preparing']);
      await sql`select pg_advisory_unlock(hashtext(${LOCAL_CALL_DRIVER_LOCK}))`.execute(connection);
    });
    // A let go (or died: PostgreSQL frees the lock with its connection); B's next sweep moves the call.
    await driver.sweepNow();
    expect(await statuses(b)).toEqual(['calling']);
  },
);

test.skipIf(testPostgresUrl() === undefined)(
  'two instances moving one call at once: one changes it and publishes, the other is told it is unchanged',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances({}, time.clock);
    const heard = [recordCallEvents(a.callEvents), recordCallEvents(b.callEvents)];
    const res = await request(a.app).post('/api/demo-calls').send(demoForm('2108675309'));
    expect(res.body.status).toBe('preparing');
    const callId: string = res.body.callId;
    const services = [a, b].map((app) => callStatusService({ db: app.db, events: app.callEvents, clock: time.clock }));

    // Hold the row so that both instances read 'preparing' and then wait at their write, as two that race do.
    const outcomes = await a.db.transaction().execute(async (trx) => {
      await sql`select 1 from call_notifications where id = ${callId} for update`.execute(trx);
      const moving = services.map((service) => service.setStatus(callId, 'calling'));
      await vi.waitFor(
        async () => {
          const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(b.db);
          expect(Number(rows[0]?.n)).toBe(2);
        },
        { timeout: 30_000, interval: 10 },
      );
      return moving;
    });
    const results = (await Promise.all(outcomes)).map((outcome) => outcome.result).sort();
    expect(results).toEqual(['unchanged', 'updated']);
    expect(heard.flat().filter((event) => event.status === 'calling')).toEqual([
      expect.objectContaining({ callId, status: 'calling' }),
    ]);
  },
);

// PostgreSQL only: one SQLite file has one server, which counts in its own memory.
test.skipIf(testPostgresUrl() === undefined)(
  'a per-address limit is one limit across instances: the request past it is refused on either',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances(
      { API_RATE_LIMIT_PER_MINUTE: '5', VISITS_RATE_LIMIT_PER_MINUTE: '1000' },
      time.clock,
    );
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await request((i % 2 ? b : a).app).get('/api/session')).status);
    expect(statuses.every((status) => status !== 429)).toBe(true);
    for (const instance of [a, b]) {
      const refused = await request(instance.app).get('/api/session');
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('Too many requests. Please wait a minute and try again.');
    }
    // The window is the limit's own: after a minute the address may go on, on either instance.
    time.advance(60_000);
    expect((await request(b.app).get('/api/session')).status).not.toBe(429);
    expect((await request(a.app).get('/api/session')).status).not.toBe(429);
  },
);

test.skipIf(testPostgresUrl() === undefined)(
  'wrong passwords are counted across instances: after five on either, the address is refused that role on both',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances({ ...SIGN_IN_ENV, API_RATE_LIMIT_PER_MINUTE: '1000' }, time.clock);
    const signIn = (instance: TestApp, password: string) =>
      request(instance.app).post('/api/session').send({ role: 'client', password });
    for (let i = 0; i < 5; i++) expect((await signIn(i % 2 ? b : a, 'not-the-password')).status).toBe(401);
    for (const instance of [a, b]) {
      const locked = await signIn(instance, PASSWORDS.client);
      expect(locked.status).toBe(429);
      expect(locked.body.error).toBe(TOO_MANY_SIGN_INS);
    }
  },
);

test.skipIf(testPostgresUrl() === undefined)(
  'each limit counts on its own across instances: the lead forms’ hourly limit is not used up by other API calls',
  async () => {
    const time = manualClock(T0);
    const [a, b] = await twoInstances(
      { TRUST_PROXY: 'loopback', DEMO_RATE_LIMIT_PER_HOUR: '2', API_RATE_LIMIT_PER_MINUTE: '1000' },
      time.clock,
    );
    for (let i = 0; i < 3; i++) await request(a.app).get('/api/session');
    const submit = (instance: TestApp, i: number) =>
      request(instance.app)
        .post('/api/contact')
        .send({
          firstName: 'Jane',
          lastName: 'Doe',
          phoneNumber: '(210) 867-5309',
          companyName: 'Doe Realty',
          email: `jane${i}@example.com`,
        });
    expect((await submit(a, 1)).status).toBe(201);
    expect((await submit(b, 2)).status).toBe(201);
    for (const [instance, i] of [
      [a, 3],
      [b, 4],
    ] as const) {
      const refused = await submit(instance, i);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe(LEAD_RATE_LIMIT_MESSAGE);
    }
  },
);

/** Listens on a free loopback port without starting the workers (no local call driver moving the call on). */
async function listenOnly(instance: TestApp): Promise<string> {
  const server = instance.server.httpServer;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A socket following `callId` on the instance at `url`: the join's answer, and the statuses pushed since. */
async function followOn(url: string, callId: string) {
  const socket: Socket = connect(url, { transports: ['websocket'], reconnection: false });
  open.push({ close: () => void socket.close() });
  const pushed: CallStatusEvent[] = [];
  socket.on(CALL_STATUS_EVENT, (event: CallStatusEvent) => pushed.push(event));
  const joined = await socket.timeout(30_000).emitWithAck(CALL_JOIN_EVENT, callId);
  return { joined: joined as CallJoinAck, pushed };
}

// PostgreSQL only: Socket.IO's adapter passes pushes between instances through it; one SQLite file has one server.
test.skipIf(testPostgresUrl() === undefined)(
  'a browser following a call on instance A hears the status a hook reported to instance B',
  async () => {
    const secret = 'a-hook-secret-of-some-length';
    const time = manualClock(T0);
    const [a, b] = await twoInstances({ HOOK_SECRET: secret, TRUST_PROXY: 'loopback' }, time.clock);
    const created = await request(a.app)
      .post('/api/demo-calls')
      .send({ fullName: 'Jane Doe', phone: '(210) 867-5309', email: 'jane@example.com', consent: true });
    expect(created.status).toBe(201);
    const callId: string = created.body.callId;
    // The join is answered with the current status on either instance.
    const onA = await followOn(await listenOnly(a), callId);
    const onB = await followOn(await listenOnly(b), callId);
    expect(onA.joined).toMatchObject({ callId, status: 'preparing' });
    expect(onB.joined).toMatchObject({ callId, status: 'preparing' });

    // Each instance has heard the other on the database (the adapter's heartbeat), as after any start-up.
    for (const instance of [a, b]) {
      await expect.poll(() => instance.server.io.of('/').adapter.serverCount(), { timeout: 30_000 }).toBe(2);
    }
    const body = JSON.stringify({ callId, status: 'calling' });
    const hook = await request(b.app)
      .post('/api/hooks/call-status')
      .set(signedHeaders(secret, { method: 'POST', path: '/api/hooks/call-status', body }, time.clock()))
      .send(body);
    expect(hook.status).toBeLessThan(300);
    await expect
      .poll(() => onA.pushed, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ callId, status: 'calling' })]);
    await expect
      .poll(() => onB.pushed, { timeout: 30_000 })
      .toEqual([expect.objectContaining({ callId, status: 'calling' })]);
  },
);

// PostgreSQL only: one SQLite file has one server, whose memory sees every request.
test.skipIf(testPostgresUrl() === undefined)(
  'a signed hook accepted by instance A and played again to instance B is refused there',
  async () => {
    const secret = 'a-hook-secret-of-some-length';
    const time = manualClock(T0);
    const [a, b] = await twoInstances({ HOOK_SECRET: secret }, time.clock);
    const body = JSON.stringify({ externalId: 'crm-1' });
    const headers = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body }, time.clock());
    const send = (instance: TestApp) => request(instance.app).post('/api/hooks/leads').set(headers).send(body);
    expect((await send(a)).status).toBeLessThan(300);
    time.advance(60_000);
    const replay = await send(b);
    expect(replay.status).toBe(409);
    expect(replay.body.error).toBe(
      'This signed request was already received. Sign every request afresh, with a new timestamp.',
    );
    expect(await a.db.selectFrom('lead_volume').select('id').execute()).toHaveLength(1);
    // Two copies of another request sent to both at once: one passes.
    const next = JSON.stringify({ externalId: 'crm-2' });
    const fresh = signedHeaders(secret, { method: 'POST', path: '/api/hooks/leads', body: next }, time.clock());
    const both = await Promise.all(
      [a, b].map((instance) => request(instance.app).post('/api/hooks/leads').set(fresh).send(next)),
    );
    expect(both.map((res) => res.status).sort()).toEqual([200, 409]);
    expect(await a.db.selectFrom('lead_volume').select('id').execute()).toHaveLength(2);
  },
);

/** A socket on the instance at `url`: connected, or undefined when the handshake is refused. */
async function socketOn(url: string): Promise<Socket | undefined> {
  const socket: Socket = connect(url, { transports: ['websocket'], reconnection: false });
  open.push({ close: () => void socket.close() });
  return new Promise((resolve) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', () => {
      socket.close();
      resolve(undefined);
    });
  });
}

test.skipIf(testPostgresUrl() === undefined)(
  'connections per address are one count across instances: past it a socket is refused on either',
  async () => {
    const [a, b] = await twoInstances({ SOCKETS_PER_ADDRESS: '2' });
    const [onA, onB] = [await listenOnly(a), await listenOnly(b)];
    const first = await socketOn(onA);
    const second = await socketOn(onB);
    expect(first?.connected).toBe(true);
    expect(second?.connected).toBe(true);
    expect(await socketOn(onA)).toBeUndefined();
    expect(await socketOn(onB)).toBeUndefined();
    // A closed connection gives its slot back to every instance.
    first?.close();
    await expect.poll(() => socketOn(onB).then((socket) => socket?.connected), { timeout: 30_000 }).toBe(true);
  },
);

test.skipIf(testPostgresUrl() === undefined)(
  'an instance that dies without giving its connections back holds them only until they are stale',
  async () => {
    const time = manualClock(T0);
    const [a] = await twoInstances({}, time.clock);
    const options = { perAddress: 1, clock: time.clock, logger: createLogger('silent') };
    const dying = postgresSocketSlots(a.db, options);
    const living = postgresSocketSlots(a.db, options);
    open.push({ close: () => living.stop() }, { close: () => dying.stop() });
    expect(await dying.take('203.0.113.9')).toBeTypeOf('function');
    expect(await living.take('203.0.113.9')).toBeUndefined();
    // The dying instance renews nothing any more (its process is gone; here its timer simply never fires).
    time.advance(SLOT_STALE_MS - 1);
    expect(await living.take('203.0.113.9')).toBeUndefined();
    time.advance(2);
    const taken = await living.take('203.0.113.9');
    expect(taken).toBeTypeOf('function');
    // Given back, the slot is free again at once.
    taken?.();
    await expect.poll(() => living.take('203.0.113.9').then((release) => typeof release)).toBe('function');
  },
);
