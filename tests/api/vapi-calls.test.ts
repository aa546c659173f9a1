import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { PLACE_CALL_TOPIC } from '#server/calls/call-placement.ts';
import { toInboxLead } from '#server/leads/lead-inbox-store.ts';
import { RETRY_CAP_MS } from '#server/outbox/backoff.ts';
import {
  CALL_FIELDS_EVENT,
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  CALL_SUMMARY_EVENT,
  CALL_TRANSCRIPT_EVENT,
  type CallJoinAck,
  type CallRoomEvent,
} from '#shared/call-status-protocol.ts';
import { type FakeVapi, fakeVapi, vapiEnv, vapiMessage } from '#tests/support/fake-vapi.ts';
import { recordRoomEvents } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { createTestApp, sameDatabaseAs, type TestApp } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// Vapi places the demo calls and reports them to /api/hooks/vapi (README "Call provider"): a fake Vapi on
// loopback answers the placements, and the tests send the server messages Vapi would.

// Noon in San Antonio: inside calling hours for a 210 number.
const NOON = '2026-03-02T18:00:00.000Z';
const SECRET = 'a-vapi-server-secret';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup({ start = NOON, vapi }: { start?: string; vapi?: FakeVapi } = {}) {
  const fake = vapi ?? (await fakeVapi());
  if (!vapi) open.push(fake);
  const time = manualClock(start);
  const ctx = await createTestApp(
    { ...vapiEnv(fake, SECRET), OUTBOUND_TIMEOUT_MS: '300' },
    { clock: time.clock, dispatcher: fake.dispatcher },
  );
  open.push(ctx);
  return instance(ctx, fake, time);
}

function instance(ctx: TestApp, vapi: FakeVapi, time: ReturnType<typeof manualClock>) {
  const { placements, conversation } = ctx.server.context;
  if (!placements) throw new Error('Vapi is configured, so calls are placed');
  const events = recordRoomEvents(ctx.callEvents);
  const send = (call: { id: string; callId?: string }, message: Record<string, unknown>, secret = SECRET) => {
    const signed = vapiMessage(secret, call, message);
    return request(ctx.app).post('/api/hooks/vapi').set(signed.headers).send(signed.body);
  };
  const demoCall = () => request(ctx.app).post('/api/demo-calls').send(form);
  const callRow = (callId: string) =>
    ctx.db.selectFrom('call_notifications').selectAll().where('id', '=', callId).executeTakeFirstOrThrow();
  const placementRow = (callId: string) =>
    ctx.db
      .selectFrom('outbox')
      .selectAll()
      .where('topic', '=', PLACE_CALL_TOPIC)
      .where('delivery_id', '=', callId)
      .executeTakeFirstOrThrow();
  return { ...ctx, vapi, time, placements, conversation, events, send, demoCall, callRow, placementRow };
}

/** A call accepted and placed: our id, Vapi's id. */
async function placedCall(ctx: Awaited<ReturnType<typeof setup>>) {
  const res = await ctx.demoCall();
  expect(res.body.status).toBe('preparing');
  await ctx.placements.runOnce();
  const row = await ctx.callRow(res.body.callId);
  if (!row.provider_call_id) throw new Error('the call was not placed');
  return { callId: row.id, id: row.provider_call_id };
}

const names = (events: CallRoomEvent[]) => events.map((event) => event.name);

test('a demo call inside calling hours is placed with Vapi at once, with our ids as metadata, and only once', async () => {
  const ctx = await setup();
  const res = await ctx.demoCall();
  expect(res.status).toBe(201);
  const { callId } = res.body;
  const lead = await ctx.db.selectFrom('leads').select('id').executeTakeFirstOrThrow();

  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect(ctx.vapi.calls).toEqual([
    {
      authorization: 'Bearer vapi-private-key',
      body: {
        assistantId: 'assistant-1',
        phoneNumberId: 'phone-number-1',
        customer: { number: '+12108675309', name: 'Jane Doe' },
        metadata: { callId, leadId: lead.id },
      },
    },
  ]);
  expect(await ctx.callRow(callId)).toMatchObject({ provider_call_id: 'vapi-call-1', state: 'preparing' });
  // The placement holds ids only: nothing in it to dial after an erasure.
  expect(JSON.parse((await ctx.placementRow(callId)).payload)).toEqual({
    callId,
    leadId: lead.id,
    notAfter: '2026-03-02T18:30:00.000Z',
  });

  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.vapi.calls).toHaveLength(1);
});

test('Vapi’s messages move the call on, add what was said and learned, and the call’s room hears each change', async () => {
  const ctx = await setup();
  const call = await placedCall(ctx);
  const heard = ctx.events.length;
  const ok = async (message: Record<string, unknown>) => {
    const res = await ctx.send(call, message);
    expect(res.status).toBe(200);
    return res.body;
  };

  expect(await ok({ type: 'status-update', status: 'queued' })).toEqual({ callId: call.callId, changed: false });
  expect(await ok({ type: 'status-update', status: 'ringing' })).toEqual({ callId: call.callId, changed: true });
  await ok({ type: 'status-update', status: 'in-progress' });
  await ok({ type: 'transcript', role: 'assistant', transcriptType: 'partial', transcript: 'Hi Jane, this' });
  await ok({
    type: 'transcript',
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Hi Jane, this is Porchlight.',
  });
  await ok({ type: 'transcript', role: 'user', transcriptType: 'partial', transcript: 'Hello' });
  await ok({ type: 'transcript[transcriptType="final"]', role: 'user', transcriptType: 'final', transcript: 'Hello!' });
  await ok({
    type: 'end-of-call-report',
    endedReason: 'customer-ended-call',
    startedAt: '2026-03-02T18:00:05.000Z',
    endedAt: '2026-03-02T18:01:17.400Z',
    analysis: {
      summary: 'Pre-approved buyer moving within three months.',
      structuredData: { timeline: 'Within three months', financing: 'Pre-approved', showingBooked: true },
    },
    artifact: { transcript: 'AI: Hi Jane, this is Porchlight.\nUser: Hello!' },
  });

  const events = ctx.events.slice(heard);
  expect(names(events)).toEqual([
    CALL_STATUS_EVENT,
    CALL_STATUS_EVENT,
    CALL_TRANSCRIPT_EVENT,
    CALL_TRANSCRIPT_EVENT,
    CALL_TRANSCRIPT_EVENT,
    CALL_TRANSCRIPT_EVENT,
    CALL_STATUS_EVENT,
    CALL_FIELDS_EVENT,
    CALL_SUMMARY_EVENT,
  ]);
  expect(events.map(({ event }) => event)).toEqual([
    expect.objectContaining({ state: 'ringing', status: 'calling', outcome: null }),
    expect.objectContaining({ state: 'in-progress', status: 'calling' }),
    expect.objectContaining({ utteranceId: 'assistant-1', role: 'assistant', kind: 'partial', text: 'Hi Jane, this' }),
    expect.objectContaining({ utteranceId: 'assistant-1', kind: 'final', text: 'Hi Jane, this is Porchlight.' }),
    expect.objectContaining({ utteranceId: 'caller-1', role: 'caller', kind: 'partial', text: 'Hello' }),
    expect.objectContaining({ utteranceId: 'caller-1', role: 'caller', kind: 'final', text: 'Hello!' }),
    expect.objectContaining({ state: 'ended', outcome: 'completed', status: 'completed' }),
    {
      callId: call.callId,
      fields: { timeline: 'Within three months', financing: 'Pre-approved', showingBooked: true },
    },
    {
      callId: call.callId,
      summary: { durationSeconds: 72, learned: 'Pre-approved buyer moving within three months.', nextStep: null },
    },
  ]);

  // What a browser that joins now is answered: the whole call, final lines only.
  expect(await ctx.conversation.snapshot(call.callId)).toEqual({
    callId: call.callId,
    status: 'completed',
    state: 'ended',
    outcome: 'completed',
    at: NOON,
    transcript: [
      { utteranceId: 'assistant-1', role: 'assistant', text: 'Hi Jane, this is Porchlight.', kind: 'final', at: NOON },
      { utteranceId: 'caller-1', role: 'caller', text: 'Hello!', kind: 'final', at: NOON },
    ],
    fields: { timeline: 'Within three months', financing: 'Pre-approved', showingBooked: true },
    summary: { durationSeconds: 72, learned: 'Pre-approved buyer moving within three months.', nextStep: null },
  });
  expect(await ctx.callRow(call.callId)).toMatchObject({ ended_reason: 'customer-ended-call', duration_seconds: 72 });
});

test('a message with a wrong or missing signature is refused with 401 and changes nothing', async () => {
  const ctx = await setup();
  const call = await placedCall(ctx);
  const heard = ctx.events.length;
  const forged = await ctx.send(call, { type: 'status-update', status: 'ringing' }, 'not-the-vapi-secret');
  expect(forged.status).toBe(401);
  const unsigned = await request(ctx.app)
    .post('/api/hooks/vapi')
    .set('content-type', 'application/json')
    .send(JSON.stringify({ message: { type: 'status-update', status: 'ringing', call: { id: call.id } } }));
  expect(unsigned.status).toBe(401);
  // Signed over other bytes than those sent.
  const signed = vapiMessage(SECRET, call, { type: 'status-update', status: 'ringing' });
  const altered = await request(ctx.app)
    .post('/api/hooks/vapi')
    .set(signed.headers)
    .send(signed.body.replace('ringing', 'ended'));
  expect(altered.status).toBe(401);
  expect(await ctx.callRow(call.callId)).toMatchObject({ state: 'preparing' });
  expect(ctx.events.slice(heard)).toEqual([]);
});

test('a repeated message changes nothing and is pushed once', async () => {
  const ctx = await setup();
  const call = await placedCall(ctx);
  const heard = ctx.events.length;
  const final = { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'Yes, Saturday works.' };
  const report = {
    type: 'end-of-call-report',
    endedReason: 'assistant-ended-call',
    durationSeconds: 61.6,
    summary: 'Booked a showing.',
    analysis: {
      structuredData: { showingBooked: true, showingTime: 'Saturday at 11 AM', nextStep: 'Confirm by text' },
    },
  };
  for (const message of [{ type: 'status-update', status: 'in-progress' }, final, report]) {
    expect((await ctx.send(call, message)).body.changed).toBe(true);
    expect((await ctx.send(call, message)).body).toEqual({ callId: call.callId, changed: false });
  }
  expect(names(ctx.events.slice(heard))).toEqual([
    CALL_STATUS_EVENT,
    CALL_TRANSCRIPT_EVENT,
    CALL_STATUS_EVENT,
    CALL_FIELDS_EVENT,
    CALL_SUMMARY_EVENT,
  ]);
  const snapshot = await ctx.conversation.snapshot(call.callId);
  expect(snapshot?.transcript.map((line) => line.text)).toEqual(['Yes, Saturday works.']);
  expect(snapshot?.summary).toEqual({ durationSeconds: 62, learned: 'Booked a showing.', nextStep: 'Confirm by text' });
});

test('a message that comes late never moves a call back', async () => {
  const ctx = await setup();
  const call = await placedCall(ctx);
  await ctx.send(call, { type: 'status-update', status: 'in-progress' });
  const heard = ctx.events.length;
  expect((await ctx.send(call, { type: 'status-update', status: 'ringing' })).body.changed).toBe(false);
  expect(await ctx.callRow(call.callId)).toMatchObject({ state: 'in-progress', status: 'calling' });

  await ctx.send(call, { type: 'status-update', status: 'ended', endedReason: 'customer-busy' });
  for (const status of ['ringing', 'in-progress', 'queued']) {
    expect((await ctx.send(call, { type: 'status-update', status })).body.changed).toBe(false);
  }
  // An ended call keeps the outcome it ended with.
  await ctx.send(call, { type: 'end-of-call-report', endedReason: 'customer-ended-call' });
  expect(await ctx.callRow(call.callId)).toMatchObject({ state: 'ended', outcome: 'busy', status: 'failed' });
  expect(
    ctx.events
      .slice(heard)
      .filter(({ name }) => name === CALL_STATUS_EVENT)
      .map(({ event }) => event),
  ).toEqual([expect.objectContaining({ state: 'ended', outcome: 'busy' })]);
});

test('a type the hook does not act on, or a call it does not have, is answered 200 and ignored', async () => {
  const ctx = await setup();
  const call = await placedCall(ctx);
  const heard = ctx.events.length;
  for (const type of ['speech-update', 'conversation-update', 'tool-calls', 'hang']) {
    const res = await ctx.send(call, { type, status: 'started' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ignored: type });
  }
  const stranger = { id: 'vapi-call-from-the-dashboard', callId: crypto.randomUUID() };
  expect((await ctx.send(stranger, { type: 'status-update', status: 'ringing' })).body).toEqual({
    ignored: 'unknown call',
  });
  expect((await ctx.send({ id: 'nobody-knows-it' }, { type: 'status-update', status: 'ringing' })).body).toEqual({
    ignored: 'unknown call',
  });
  // A message that names the call by Vapi's id alone is ours once the placement stored it.
  expect((await ctx.send({ id: call.id }, { type: 'status-update', status: 'ringing' })).body).toEqual({
    callId: call.callId,
    changed: true,
  });
  expect(names(ctx.events.slice(heard))).toEqual([CALL_STATUS_EVENT]);
});

test('while Vapi fails or does not answer, the placement is retried with backoff, and the call is placed once', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext(
    { status: 503, body: { message: 'Service Unavailable' } },
    { status: 502, body: { message: 'Bad Gateway' } },
  );
  const { callId } = (await ctx.demoCall()).body;

  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  expect(await ctx.placementRow(callId)).toMatchObject({ state: 'retrying', attempts: 1 });
  expect((await ctx.placementRow(callId)).last_error).toContain('Vapi answered 503');
  expect(await ctx.callRow(callId)).toMatchObject({ state: 'preparing', provider_call_id: null });
  // Nothing is tried before the backoff is over.
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 0 });

  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  expect(await ctx.placementRow(callId)).toMatchObject({ state: 'retrying', attempts: 2 });

  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect(ctx.vapi.calls).toHaveLength(3);
  expect(await ctx.callRow(callId)).toMatchObject({ provider_call_id: 'vapi-call-3', state: 'preparing' });
});

test('a call Vapi created although its answer never came, and told nothing of since, is found and not dialled again', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext('hang');
  const { callId } = (await ctx.demoCall()).body;
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });

  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  // Vapi was asked for its calls of this assistant and number since the call was asked for, and had it.
  expect(ctx.vapi.calls).toHaveLength(1);
  expect(ctx.vapi.lists.map((query) => [query.get('assistantId'), query.get('phoneNumberId')])).toEqual([
    ['assistant-1', 'phone-number-1'],
  ]);
  expect(Date.parse(ctx.vapi.lists[0]?.get('createdAtGe') ?? '')).toBeLessThanOrEqual(Date.parse(NOON));
  expect(await ctx.callRow(callId)).toMatchObject({ provider_call_id: 'vapi-call-1', state: 'preparing' });
  // Its messages then move it on as any call's.
  await ctx.send({ id: 'vapi-call-1', callId }, { type: 'status-update', status: 'ringing' });
  expect(await ctx.callRow(callId)).toMatchObject({ state: 'ringing' });
});

test('while Vapi cannot say whether an earlier attempt dialled, nothing is dialled', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext('hang');
  ctx.vapi.answerNextList({ status: 500, body: { message: 'Internal Server Error' } });
  const { callId } = (await ctx.demoCall()).body;
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  expect((await ctx.placementRow(callId)).last_error).toContain('Vapi could not list its calls: 500');
  expect(ctx.vapi.calls).toHaveLength(1);
  // Once it can, the call it had is linked.
  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect(ctx.vapi.calls).toHaveLength(1);
  expect(await ctx.callRow(callId)).toMatchObject({ provider_call_id: 'vapi-call-1' });
});

test('a call Vapi created although its answer never came is not placed again', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext('hang');
  const { callId } = (await ctx.demoCall()).body;
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  // Vapi did create it, and says so with the metadata it was placed with.
  await ctx.send({ id: 'vapi-call-1', callId }, { type: 'status-update', status: 'ringing' });

  ctx.time.advance(RETRY_CAP_MS);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect(ctx.vapi.calls).toHaveLength(1);
  expect(await ctx.callRow(callId)).toMatchObject({ provider_call_id: 'vapi-call-1', state: 'ringing' });
});

test('a consent taken back before its call is placed dials nobody, even from a worker that held the placement', async () => {
  const ctx = await setup();
  const res = await ctx.demoCall();
  const { callId } = res.body;
  // A worker on another instance has leased the placement and is about to send it.
  const lease = new Date(ctx.time.clock().getTime() + 60_000).toISOString();
  await ctx.db.updateTable('outbox').set({ claimed_until: lease }).where('delivery_id', '=', callId).execute();

  const stop = await request(ctx.app).post(`${new URL(res.body.receiptUrl).pathname}/stop`);
  expect(stop.status).toBe(303);
  // The revocation could not withdraw a leased row; the call itself has ended, and its room heard so.
  expect(await ctx.placementRow(callId)).toMatchObject({ delivered_at: null });
  expect(await ctx.callRow(callId)).toMatchObject({ state: 'ended', outcome: 'failed' });
  expect(ctx.events.filter((event) => event.event.callId === callId).map((event) => event.event)).toContainEqual(
    expect.objectContaining({ state: 'ended', outcome: 'failed', status: 'failed' }),
  );

  // The lease runs out and a worker sends the row: it reads the call first, and places nothing.
  ctx.time.advance(61_000);
  await ctx.placements.runOnce();
  expect(ctx.vapi.calls).toEqual([]);
  expect(await ctx.callRow(callId)).toMatchObject({ state: 'ended', provider_call_id: null });
});

test('a consent taken back during its call ends the call through Vapi’s live call control, once', async () => {
  const ctx = await setup();
  const res = await ctx.demoCall();
  const { callId } = res.body;
  await ctx.placements.runOnce();
  const { provider_call_id: id } = await ctx.callRow(callId);
  await ctx.send({ id: id ?? '', callId }, { type: 'status-update', status: 'in-progress' });

  const stop = `${new URL(res.body.receiptUrl).pathname}/stop`;
  expect((await request(ctx.app).post(stop)).status).toBe(303);
  expect((await request(ctx.app).post(stop)).status).toBe(303);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 1, failed: 0 });
  expect(ctx.vapi.controls).toEqual([{ callId: id, body: { type: 'end-call' } }]);
  // Vapi then reports the end as for any call.
  await ctx.send(
    { id: id ?? '', callId },
    { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' },
  );
  expect(await ctx.callRow(callId)).toMatchObject({ state: 'ended' });
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.vapi.controls).toHaveLength(1);
});

test('a consent taken back after its call ended asks Vapi for nothing', async () => {
  const ctx = await setup();
  const res = await ctx.demoCall();
  const { callId } = res.body;
  await ctx.placements.runOnce();
  const { provider_call_id: id } = await ctx.callRow(callId);
  await ctx.send(
    { id: id ?? '', callId },
    { type: 'status-update', status: 'ended', endedReason: 'customer-ended-call' },
  );
  expect((await request(ctx.app).post(`${new URL(res.body.receiptUrl).pathname}/stop`)).status).toBe(303);
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.vapi.controls).toEqual([]);
});

test('a call Vapi refuses fails at once with Vapi’s reason, shown in the lead inbox, and is not retried', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext({ status: 400, body: { message: ['assistantId must be a UUID'], error: 'Bad Request' } });
  const { callId } = (await ctx.demoCall()).body;
  const heard = ctx.events.length;

  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 1 });
  const reason = 'not placed: Vapi answered 400: assistantId must be a UUID';
  expect(await ctx.callRow(callId)).toMatchObject({
    state: 'ended',
    outcome: 'failed',
    status: 'failed',
    ended_reason: reason,
  });
  expect(await ctx.placementRow(callId)).toMatchObject({ state: 'given_up', attempts: 1 });
  expect(ctx.events.slice(heard)).toEqual([
    { name: CALL_STATUS_EVENT, event: expect.objectContaining({ callId, state: 'ended', outcome: 'failed' }) },
  ]);
  const batch = await ctx.server.context.inbox.batch({}, undefined, 10);
  const [lead] = batch.rows;
  if (!lead) throw new Error('the lead is in the inbox');
  expect(toInboxLead(lead, batch).call).toMatchObject({ status: 'failed', endedReason: reason });

  ctx.time.advance(RETRY_CAP_MS * 10);
  await ctx.placements.runOnce();
  expect(ctx.vapi.calls).toHaveLength(1);
});

test('a call asked for after hours is placed once, at the opening of the number’s calling hours', async () => {
  // 21:00 in San Antonio (CST): the next opening is 9:00 there, 15:00 UTC.
  const ctx = await setup({ start: '2026-03-03T03:00:00.000Z' });
  const res = await ctx.demoCall();
  expect(res.body).toMatchObject({ status: 'scheduled' });
  const call = await ctx.db.selectFrom('call_notifications').selectAll().executeTakeFirstOrThrow();
  expect(call).toMatchObject({ state: 'preparing', provider_call_id: null });
  expect(await ctx.placementRow(call.id)).toMatchObject({ next_attempt_at: '2026-03-03T15:00:00.000Z' });

  ctx.time.set('2026-03-03T14:59:59.999Z');
  expect(await ctx.placements.runOnce()).toEqual({ delivered: 0, failed: 0 });
  expect(ctx.vapi.calls).toEqual([]);

  // A second instance on the same database: both workers look at once, one places it.
  const other = await createTestApp(
    { ...vapiEnv(ctx.vapi, SECRET), ...sameDatabaseAs(ctx).env },
    { ...sameDatabaseAs(ctx).overrides, clock: ctx.time.clock, dispatcher: ctx.vapi.dispatcher },
  );
  open.push(other);
  const otherPlacements = other.server.context.placements;
  ctx.time.set('2026-03-03T15:00:00.000Z');
  await Promise.all([ctx.placements.runOnce(), otherPlacements?.runOnce()]);
  await Promise.all([ctx.placements.runOnce(), otherPlacements?.runOnce()]);
  expect(ctx.vapi.calls).toHaveLength(1);
  expect(ctx.vapi.calls[0]?.body.metadata.callId).toBe(call.id);
  expect(await ctx.callRow(call.id)).toMatchObject({ provider_call_id: 'vapi-call-1' });
});

test('a placement the provider could not take by the end of its window fails the call instead of calling late', async () => {
  const ctx = await setup();
  ctx.vapi.answerNext({ status: 502, body: {} });
  const { callId } = (await ctx.demoCall()).body;
  await ctx.placements.runOnce();
  ctx.time.advance(31 * 60_000);
  await ctx.placements.runOnce();
  expect(ctx.vapi.calls).toHaveLength(1);
  expect(await ctx.callRow(callId)).toMatchObject({
    state: 'ended',
    outcome: 'failed',
    ended_reason: 'not placed by 2026-03-02T18:30:00.000Z: the provider was unavailable',
  });
});

async function browser(url: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  open.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

test.skipIf(testPostgresUrl() === undefined)(
  'with two instances, a Vapi message sent to one reaches the browser connected to the other',
  async () => {
    const a = await setup();
    const vapi = a.vapi;
    const bApp = await createTestApp(
      { ...vapiEnv(vapi, SECRET), ...sameDatabaseAs(a).env },
      { clock: a.time.clock, dispatcher: vapi.dispatcher },
    );
    open.push(bApp);
    const b = instance(bApp, vapi, a.time);
    const call = await placedCall(a);
    const onA = await browser(await a.start());
    await b.start();
    const joined = await new Promise<CallJoinAck>((resolve) => onA.emit(CALL_JOIN_EVENT, call.callId, resolve));
    expect(joined).toMatchObject({ state: 'preparing', transcript: [] });
    const heard: unknown[] = [];
    onA.on(CALL_TRANSCRIPT_EVENT, (event) => heard.push(event));

    await b.send(call, { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hi Jane!' });
    await vi.waitFor(() => expect(heard).toHaveLength(1), { timeout: 30_000, interval: 5 });
    expect(heard).toEqual([expect.objectContaining({ callId: call.callId, kind: 'final', text: 'Hi Jane!' })]);
  },
);
