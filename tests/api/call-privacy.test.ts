import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { PLACE_CALL_TOPIC } from '#server/calls/call-placement.ts';
import { pruneLeads } from '#server/leads/lead-retention.ts';
import { fakeVapi, vapiEnv, vapiMessage } from '#tests/support/fake-vapi.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// A call's transcript, fields and summary are the caller's personal data (docs/product-rules.md#call-status):
// exported with their records, erased with them, and gone with their lead after LEADS_RETENTION_DAYS.

const NOON = '2026-03-02T18:00:00.000Z';
const SECRET = 'a-vapi-server-secret';
const form = { fullName: 'Jane Doe', phone: '2108675309', email: 'jane@example.com', consent: true };

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/** Jane's call, placed with Vapi, which reported a line, the fields and the summary. */
async function janesCall() {
  const vapi = await fakeVapi();
  open.push(vapi);
  const time = manualClock(NOON);
  const ctx = await createTestApp(
    { ...vapiEnv(vapi, SECRET), ...SIGN_IN_ENV, SESSION_TTL_HOURS: '720' },
    { clock: time.clock, dispatcher: vapi.dispatcher },
  );
  open.push(ctx);
  const { callId } = (await request(ctx.app).post('/api/demo-calls').send(form)).body;
  await ctx.server.context.placements?.runOnce();
  const call = { id: 'vapi-call-1', callId };
  for (const message of [
    { type: 'transcript', role: 'user', transcriptType: 'final', transcript: 'We live at 12 Elm Street.' },
    {
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      summary: 'Jane is pre-approved.',
      analysis: { structuredData: { financing: 'Pre-approved' } },
    },
  ]) {
    const signed = vapiMessage(SECRET, call, message);
    expect((await request(ctx.app).post('/api/hooks/vapi').set(signed.headers).send(signed.body)).status).toBe(200);
  }
  const count = async (table: 'call_transcript_lines' | 'call_fields') =>
    Number(
      (
        await ctx.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const placements = () => ctx.db.selectFrom('outbox').select('id').where('topic', '=', PLACE_CALL_TOPIC).execute();
  return { ...ctx, time, callId, count, placements };
}

test('a privacy export carries the call’s transcript, fields and placement, and an erasure removes them', async () => {
  const ctx = await janesCall();
  const operator = await signedInAgent(ctx.app, 'operator');
  const exported = await operator.post('/api/privacy-requests/export').send({ email: 'jane@example.com' });
  expect(exported.status).toBe(200);
  const document = JSON.parse(exported.text);
  expect(document.calls).toEqual([
    expect.objectContaining({ id: ctx.callId, summary: 'Jane is pre-approved.', provider_call_id: 'vapi-call-1' }),
  ]);
  expect(document.transcripts).toEqual([
    expect.objectContaining({ call_id: ctx.callId, role: 'caller', text: 'We live at 12 Elm Street.' }),
  ]);
  expect(document.callFields).toEqual([expect.objectContaining({ call_id: ctx.callId, financing: 'Pre-approved' })]);
  expect(document.deliveries.map((delivery: { topic: string }) => delivery.topic).sort()).toEqual([
    PLACE_CALL_TOPIC,
    'lead.demo-call',
  ]);

  const erased = await operator.post('/api/privacy-requests/erase').send({ email: 'jane@example.com', confirm: true });
  expect(erased.status).toBe(200);
  expect(await ctx.count('call_transcript_lines')).toBe(0);
  expect(await ctx.count('call_fields')).toBe(0);
  expect(await ctx.placements()).toEqual([]);
});

test('the call’s transcript and fields go with the lead after LEADS_RETENTION_DAYS', async () => {
  const ctx = await janesCall();
  const days = ctx.config.leads.retentionDays;
  await pruneLeads(ctx.db, new Date(Date.parse(NOON) + (days - 1) * 86_400_000), days);
  expect(await ctx.count('call_transcript_lines')).toBe(1);
  await pruneLeads(ctx.db, new Date(Date.parse(NOON) + (days + 1) * 86_400_000), days);
  expect(await ctx.count('call_transcript_lines')).toBe(0);
  expect(await ctx.count('call_fields')).toBe(0);
  expect(await ctx.placements()).toEqual([]);
});
