import request from 'supertest';
import { afterEach, expect, test, vi } from 'vitest';
import { DEMO_CALL_SCRIPT } from '#server/calls/demo-call-script.ts';
import type { LeadCallAnswer } from '#shared/lead-call.ts';
import type { InboxPage } from '#shared/lead-inbox.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { manualSchedule } from '#tests/support/manual-schedule.ts';
import { cookieBrowser, SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// The lead inbox shows each call's state, outcome and duration in the list, and its transcript, fields and summary
// when the operator opens the lead (GET /api/leads/:id/call). The local call driver plays the scripted call on the
// test's timers.

const NOON = '2026-03-02T18:00:00.000Z';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

const scriptLines = DEMO_CALL_SCRIPT.steps.flatMap((step) =>
  'say' in step ? [{ role: step.say, text: step.text.replaceAll('{firstName}', 'Jane') }] : [],
);

async function setup() {
  const time = manualClock(NOON);
  const timer = manualSchedule();
  const ctx = await createTestApp(SIGN_IN_ENV, { clock: time.clock, callSchedule: timer.schedule });
  open.push(ctx);
  await ctx.start();
  const operator = await signedInAgent(ctx.app, 'operator');
  const list = async () => {
    const res = await operator.get('/api/leads');
    expect(res.status, res.text).toBe(200);
    const page: InboxPage = res.body;
    return { page, text: res.text };
  };
  const callOf = async (leadId: string) => {
    const res = await operator.get(`/api/leads/${leadId}/call`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const answer: LeadCallAnswer = res.body;
    return answer.call;
  };
  return { ...ctx, time, timer, operator, list, callOf };
}

test('opening a lead reads its call in full; the list carries the call’s state, outcome and duration, never its words', async () => {
  const ctx = await setup();
  expect((await request(ctx.app).post('/api/demo-calls').send(form)).status).toBe(201);
  const [lead] = (await ctx.list()).page.leads;
  if (!lead) throw new Error('no lead');
  expect(await ctx.callOf(lead.id)).toMatchObject({ state: 'preparing', outcome: null, transcript: [], summary: null });

  // The whole scripted call, played on the test's timers.
  ctx.time.advance(ctx.config.leads.localCallDelayMs);
  await vi.waitFor(
    async () => {
      ctx.timer.run();
      expect((await ctx.callOf(lead.id))?.summary).not.toBeNull();
    },
    { timeout: 60_000, interval: 5 },
  );

  const call = await ctx.callOf(lead.id);
  expect(call).toMatchObject({
    state: 'ended',
    outcome: 'completed',
    endedReason: null,
    fields: {
      timeline: 'Within three months (lease ends in June)',
      budget: 'Up to $450,000',
      showingBooked: true,
      showingTime: 'Saturday at 11 AM',
    },
    summary: { learned: expect.stringContaining('Pre-approved'), nextStep: expect.stringContaining('Saturday') },
  });
  expect(call?.transcript.map(({ role, text }) => ({ role, text }))).toEqual(scriptLines);
  expect(call?.durationSeconds).toBeGreaterThan(0);

  const { page, text } = await ctx.list();
  expect(page.leads[0]?.call).toMatchObject({
    status: 'completed',
    state: 'ended',
    outcome: 'completed',
    durationSeconds: call?.durationSeconds,
  });
  for (const line of scriptLines) expect(text).not.toContain(line.text);
});

test('a lead without a call answers null, an unknown lead 404, and only an operator reads a call', async () => {
  const ctx = await setup();
  const contact = await request(ctx.app).post('/api/contact').send({
    firstName: 'John',
    lastName: 'Roe',
    phoneNumber: '210-765-4321',
    companyName: 'Roe Homes',
    email: 'john@example.com',
  });
  expect(contact.status, contact.text).toBe(201);
  const [lead] = (await ctx.list()).page.leads;
  if (!lead) throw new Error('no lead');
  expect(await ctx.callOf(lead.id)).toBeNull();

  const unknown = await ctx.operator.get('/api/leads/0b6f1c1e-2a51-4c6e-9d0a-3f5c2b7e8a11/call');
  expect(unknown.status).toBe(404);
  expect(unknown.body).toEqual({ error: 'There is no lead with this id.' });
  expect((await ctx.operator.get('/api/leads/not%20an%20id/call')).status).toBe(404);

  const client = await signedInAgent(ctx.app, 'client');
  for (const browser of [cookieBrowser(ctx.app), client]) {
    expect((await browser.get(`/api/leads/${lead.id}/call`)).status).toBe(401);
  }
});
