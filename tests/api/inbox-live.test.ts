import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { NOT_SIGNED_IN, TOO_MANY_FOLLOWS } from '#server/leads/inbox-room.ts';
import {
  INBOX_CALL_EVENT,
  INBOX_FOLLOW_EVENT,
  INBOX_LEAD_EVENT,
  type InboxCallEvent,
  type InboxFollowAck,
  type NewLeadEvent,
} from '#shared/inbox-protocol.ts';
import type { InboxPage } from '#shared/lead-inbox.ts';
import type { SessionRole } from '#shared/session-schema.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { cookiePair, PASSWORDS, SIGN_IN_ENV, setCookies, signedCookieValue } from '#tests/support/sessions.ts';
import { createTestApp, sameDatabaseAs, type TestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// The lead inbox kept live: an operator's socket follows the inbox room and hears of each lead accepted, on any
// instance; nobody else can follow it. Real servers on loopback ports, real connections.
vi.setConfig({ testTimeout: 30_000 });

const demo = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };
const contact = {
  firstName: 'Carl',
  lastName: 'Stone',
  phoneNumber: '2108675310',
  companyName: 'Stone Homes',
  email: 'carl@example.com',
};

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

// Noon in San Antonio: a 210 number's demo call is placed at once, not scheduled.
const NOON_IN_TEXAS = '2026-03-02T18:00:00.000Z';

async function started(env: Record<string, string> = {}, overrides = {}) {
  const app = await createTestApp(
    { ...SIGN_IN_ENV, ...env },
    { clock: manualClock(NOON_IN_TEXAS).clock, ...overrides },
  );
  open.push(app);
  return { app, url: await app.start() };
}

/** The session cookie of `role`, as the browser sends it back. */
async function cookieOf(app: TestApp, role: SessionRole): Promise<string> {
  const res = await request(app.app).post('/api/session').send({ role, password: PASSWORDS[role] });
  expect(res.status).toBe(200);
  return setCookies(res).map(cookiePair).join('; ');
}

async function socketTo(url: string, cookie?: string): Promise<Socket> {
  const socket = connect(url, {
    forceNew: true,
    reconnection: false,
    transports: ['websocket'],
    extraHeaders: cookie ? { cookie } : {},
  });
  open.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const follow = (socket: Socket) => new Promise<InboxFollowAck>((resolve) => socket.emit(INBOX_FOLLOW_EVENT, resolve));

function heard(socket: Socket): NewLeadEvent[] {
  const events: NewLeadEvent[] = [];
  socket.on(INBOX_LEAD_EVENT, (event: NewLeadEvent) => events.push(event));
  return events;
}

function heardCalls(socket: Socket): InboxCallEvent[] {
  const events: InboxCallEvent[] = [];
  socket.on(INBOX_CALL_EVENT, (event: InboxCallEvent) => events.push(event));
  return events;
}

test('a signed-in operator hears of each accepted lead, by id and kind only, and finds them in the inbox', async () => {
  const { app, url } = await started();
  const cookie = await cookieOf(app, 'operator');
  const socket = await socketTo(url, cookie);
  const events = heard(socket);
  const calls = heardCalls(socket);
  expect(await follow(socket)).toEqual({ following: true });

  const created = await request(app.app).post('/api/demo-calls').send(demo);
  expect(created.status).toBe(201);
  expect((await request(app.app).post('/api/contact').send(contact)).status).toBe(201);
  await vi.waitFor(() => expect(events).toHaveLength(2));
  // The demo call's state, each time it changes (the contact form has no call): its id and state, nothing said.
  await vi.waitFor(() => expect(calls).toContainEqual({ callId: created.body.callId, state: 'preparing' }));
  for (const call of calls) expect(Object.keys(call).sort()).toEqual(['callId', 'state']);
  // No name, number or address travels on the socket: the page reads the lead behind its sign-in.
  for (const event of events) expect(Object.keys(event).sort()).toEqual(['at', 'kind', 'leadId']);
  expect(events.map((event) => event.kind)).toEqual(['demo', 'contact']);

  const inbox = await request(app.app).get('/api/leads').set('Cookie', cookie);
  const page: InboxPage = inbox.body;
  expect(page.leads.map((lead) => lead.id).sort()).toEqual(events.map((event) => event.leadId).sort());
});

test('nobody else follows the inbox: no cookie, another role, a forged cookie, a refused lead', async () => {
  const { app, url } = await started();
  const strangers = [
    await socketTo(url),
    await socketTo(url, await cookieOf(app, 'client')),
    await socketTo(url, `__Host-porchlight_session_operator=${signedCookieValue('not-a-session', 'guessed-secret')}`),
  ];
  const events = strangers.map(heard);
  for (const socket of strangers) expect(await follow(socket)).toEqual(NOT_SIGNED_IN);

  const operator = await socketTo(url, await cookieOf(app, 'operator'));
  const operatorEvents = heard(operator);
  expect(await follow(operator)).toEqual({ following: true });
  // A refused submission is no lead.
  expect(
    (
      await request(app.app)
        .post('/api/demo-calls')
        .send({ ...demo, consent: false })
    ).status,
  ).toBe(400);
  expect((await request(app.app).post('/api/demo-calls').send(demo)).status).toBe(201);
  await vi.waitFor(() => expect(operatorEvents).toHaveLength(1));
  expect(events.flat()).toEqual([]);
});

test('a socket asking to follow again and again is slowed down, and odd messages break nothing', async () => {
  const { app, url } = await started();
  const socket = await socketTo(url, await cookieOf(app, 'operator'));
  // No answer to call, garbage instead: ignored.
  socket.emit(INBOX_FOLLOW_EVENT);
  socket.emit(INBOX_FOLLOW_EVENT, 'x'.repeat(1000));
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await follow(socket));
  expect(answers.slice(0, 3)).toEqual([{ following: true }, { following: true }, { following: true }]);
  expect(answers.slice(3)).toEqual([TOO_MANY_FOLLOWS, TOO_MANY_FOLLOWS]);
  expect(socket.connected).toBe(true);
  expect((await request(app.app).get('/healthz')).status).toBe(200);
});

test.skipIf(testPostgresUrl() === undefined)(
  'on PostgreSQL, an operator on one instance hears of a lead accepted by another',
  async () => {
    const { app: a } = await started();
    const shared = sameDatabaseAs(a);
    const { app: b, url: urlB } = await started(shared.env, shared.overrides);
    const socket = await socketTo(urlB, await cookieOf(b, 'operator'));
    const events = heard(socket);
    expect(await follow(socket)).toEqual({ following: true });
    const created = await request(a.app).post('/api/demo-calls').send(demo);
    expect(created.status).toBe(201);
    await vi.waitFor(() => expect(events.map((event) => event.kind)).toEqual(['demo']));
  },
);
