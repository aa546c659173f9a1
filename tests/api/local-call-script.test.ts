import { io as connect, type Socket } from 'socket.io-client';
import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { DEMO_CALL_SCRIPT } from '#server/calls/demo-call-script.ts';
import {
  applyTranscriptLine,
  CALL_FIELDS_EVENT,
  CALL_JOIN_EVENT,
  CALL_STATUS_EVENT,
  CALL_SUMMARY_EVENT,
  CALL_TRANSCRIPT_EVENT,
  type CallFieldsEvent,
  type CallJoinAck,
  type CallStatusEvent,
  type CallSummaryEvent,
  type CallTranscriptEvent,
  type LiveTranscript,
} from '#shared/call-status-protocol.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { manualSchedule } from '#tests/support/manual-schedule.ts';
import { createTestApp, sameDatabaseAs } from '#tests/support/test-app.ts';

// Without a call provider, the local call driver plays the scripted demo call (content/demo-call-script.json)
// through the same reports as Vapi's messages; its timers are the test's, so the minute-long call plays at once.

const NOON = '2026-03-02T18:00:00.000Z';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** The script's lines as the caller Jane hears them. */
const scriptLines = DEMO_CALL_SCRIPT.steps.flatMap((step) =>
  'say' in step ? [{ role: step.say, text: step.text.replaceAll('{firstName}', 'Jane') }] : [],
);

async function browser(url: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false });
  open.push({ close: () => void socket.disconnect() });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

const join = (socket: Socket, callId: string) =>
  new Promise<CallJoinAck>((resolve) => socket.emit(CALL_JOIN_EVENT, callId, resolve));

/** Everything a browser in the call's room hears, in order. */
function listen(socket: Socket) {
  const heard: { name: string; event: unknown }[] = [];
  for (const name of [CALL_STATUS_EVENT, CALL_TRANSCRIPT_EVENT, CALL_FIELDS_EVENT, CALL_SUMMARY_EVENT]) {
    socket.on(name, (event: unknown) => heard.push({ name, event }));
  }
  return heard;
}

/** Runs the driver's timers until `done`, letting each beat's writes finish in between. */
async function play(timer: ReturnType<typeof manualSchedule>, done: () => boolean) {
  await vi.waitFor(
    () => {
      timer.run();
      expect(done()).toBe(true);
    },
    { timeout: 60_000, interval: 2 },
  );
}

test('without a call provider a browser hears the scripted call: its states, every line in order, partials replaced by finals, the fields and the summary', async () => {
  const time = manualClock(NOON);
  const timer = manualSchedule();
  const ctx = await createTestApp({}, { clock: time.clock, callSchedule: timer.schedule });
  open.push(ctx);
  const url = await ctx.start();
  const socket = await browser(url);
  const res = await request(ctx.app).post('/api/demo-calls').send(form);
  const { callId } = res.body;
  expect(await join(socket, callId)).toMatchObject({ state: 'preparing', transcript: [], summary: null });
  const heard = listen(socket);

  time.advance(ctx.config.leads.localCallDelayMs);
  await play(timer, () => heard.some(({ name }) => name === CALL_SUMMARY_EVENT));

  const of = <T>(name: string) => heard.filter((each) => each.name === name).map(({ event }) => event as T);
  expect(of<CallStatusEvent>(CALL_STATUS_EVENT).map(({ state, outcome }) => [state, outcome])).toEqual([
    ['ringing', null],
    ['in-progress', null],
    ['ended', 'completed'],
  ]);

  const lines = of<CallTranscriptEvent>(CALL_TRANSCRIPT_EVENT);
  // Each utterance: partial lines, each the start of the final one, then the final one; one after the other.
  const utterances = [...new Set(lines.map((line) => line.utteranceId))];
  expect(utterances).toHaveLength(scriptLines.length);
  for (const id of utterances) {
    const said = lines.filter((line) => line.utteranceId === id);
    const final = said.at(-1);
    expect(final?.kind).toBe('final');
    expect(said.slice(0, -1).length).toBeGreaterThan(0);
    for (const partial of said.slice(0, -1)) {
      expect(partial.kind).toBe('partial');
      expect(final?.text.startsWith(partial.text)).toBe(true);
    }
  }
  const shown = lines.reduce<LiveTranscript>((transcript, line) => applyTranscriptLine(transcript, line), []);
  expect(shown.map(({ role, text, kind }) => ({ role, text, kind }))).toEqual(
    scriptLines.map((line) => ({ ...line, kind: 'final' })),
  );

  expect(of<CallFieldsEvent>(CALL_FIELDS_EVENT).at(-1)?.fields).toEqual({
    timeline: 'Within three months (lease ends in June)',
    financing: 'Pre-approved with their credit union',
    budget: 'Up to $450,000',
    area: 'Alamo Heights or near the Pearl, San Antonio',
    showingBooked: true,
    showingTime: 'Saturday at 11 AM',
  });
  expect(heard.at(-1)?.name).toBe(CALL_SUMMARY_EVENT);
  expect(of<CallSummaryEvent>(CALL_SUMMARY_EVENT)).toEqual([
    {
      callId,
      summary: {
        durationSeconds: expect.any(Number),
        learned: expect.stringContaining('Pre-approved buyer'),
        nextStep: expect.stringContaining('Saturday at 11 AM'),
      },
    },
  ]);
  expect(of<CallSummaryEvent>(CALL_SUMMARY_EVENT)[0]?.summary.durationSeconds).toBeGreaterThan(30);

  // A browser that comes back later recovers the whole call from its join.
  const again = await join(await browser(url), callId);
  expect(again).toMatchObject({ state: 'ended', outcome: 'completed', status: 'completed' });
  if ('error' in again) throw new Error(again.error);
  expect(again.transcript.map(({ role, text }) => ({ role, text }))).toEqual(scriptLines);
  expect(again.summary).toEqual(of<CallSummaryEvent>(CALL_SUMMARY_EVENT)[0]?.summary);
});

test('a call whose player died mid-call is picked up by another instance after its last line, each line heard once', async () => {
  const time = manualClock(NOON);
  const first = manualSchedule();
  const a = await createTestApp({}, { clock: time.clock, callSchedule: first.schedule });
  open.push(a);
  await a.start();
  const { callId } = (await request(a.app).post('/api/demo-calls').send(form)).body;
  time.advance(a.config.leads.localCallDelayMs);
  const finals = () =>
    a.db
      .selectFrom('call_transcript_lines')
      .select(['role', 'text'])
      .where('call_id', '=', callId)
      .orderBy('id')
      .execute();
  await vi.waitFor(
    async () => {
      first.run();
      expect((await finals()).length).toBeGreaterThanOrEqual(3);
    },
    { timeout: 60_000, interval: 2 },
  );
  // Instance A's driver dies mid-call: none of its timers runs any more.
  first.tasks.splice(0);

  const second = manualSchedule();
  const { env, overrides } = sameDatabaseAs(a);
  const b = await createTestApp(env, { ...overrides, clock: time.clock, callSchedule: second.schedule });
  open.push(b);
  await b.start();
  // Longer than any pause of the script: the call counts as abandoned.
  time.advance(60_000);
  await vi.waitFor(
    async () => {
      second.run();
      const call = await b.db
        .selectFrom('call_notifications')
        .select('summarized_at')
        .where('id', '=', callId)
        .executeTakeFirstOrThrow();
      expect(call.summarized_at).not.toBeNull();
    },
    { timeout: 60_000, interval: 2 },
  );
  expect(await finals()).toEqual(scriptLines);
});
