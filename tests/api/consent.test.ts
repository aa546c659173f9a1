import crypto from 'node:crypto';
import request from 'supertest';
import type { MockAgent } from 'undici';
import { afterEach, expect, test } from 'vitest';
import { REVOCATION_ANSWER_FLOOR_MS } from '#server/consent/consent-router.ts';
import { CALL_CANCELLED_REASON } from '#server/consent/consent-store.ts';
import { CONSENT_REVOKED_TOPIC } from '#server/leads/lead-payloads.ts';
import { createLogger } from '#server/logger.ts';
import { createOutboxWorker } from '#server/outbox/outbox-worker.ts';
import { DO_NOT_CONTACT_MESSAGE, REVOCATION_RECEIVED_MESSAGE, REVOCATION_SUBJECT_MESSAGE } from '#shared/messages.ts';
import { fakeThirdParties, recordRoomEvents } from '#tests/support/leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import { SIGN_IN_ENV, signedInAgent } from '#tests/support/sessions.ts';
import { createTestApp, sameDatabaseAs } from '#tests/support/test-app.ts';
import { testPostgresUrl } from '#tests/support/test-database.ts';

// Consent a visitor can see and take back (docs/product-rules.md#consent): the receipt behind an unguessable
// link, revocation by its button or by the consent policy page's form, and the do-not-contact list after it.

const NOON_IN_TEXAS = '2026-03-02T18:00:00.000Z';
const NINE_PM_IN_TEXAS = '2026-03-03T03:00:00.000Z';
const WEBHOOK = 'https://automation.example/hooks/lead';
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36';
/** Instances sharing a database share the key the do-not-contact list is keyed with. */
const LEDGER_KEY = Buffer.alloc(32, 9);

const demo = { fullName: 'Jane Doe', phone: '(210) 867-5309', email: 'jane@example.com', consent: true };
const contact = {
  firstName: 'Jane',
  lastName: 'Doe',
  phoneNumber: '210-867-5309',
  companyName: 'Doe Realty',
  email: 'jane@example.com',
};

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup({ at = NOON_IN_TEXAS, env = {}, overrides = {} } = {}) {
  const time = manualClock(at);
  const agent = fakeThirdParties();
  const app = await createTestApp(
    { TRUST_PROXY: 'loopback', LEAD_WEBHOOK_URL: WEBHOOK, ...SIGN_IN_ENV, ...env },
    { clock: time.clock, ledgerKey: LEDGER_KEY, ...overrides },
  );
  open.push(app, { close: () => agent.close() });
  const post = (path: string, body: object, ip = '203.0.113.7') =>
    request(app.app).post(path).set('X-Forwarded-For', ip).set('User-Agent', BROWSER).send(body);
  const get = (path: string) => request(app.app).get(path);
  const outbox = () => app.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  return { ...app, time, agent, post, get, outbox };
}

type Setup = Awaited<ReturnType<typeof setup>>;

/** The receipt's path from an accepted form's answer. */
function receiptPathOf(body: { receiptUrl?: unknown }): string {
  expect(body.receiptUrl).toEqual(expect.stringMatching(/^http:\/\/[^/]+\/consent\/[A-Za-z0-9_-]{43}$/));
  return new URL(String(body.receiptUrl)).pathname;
}

/** What a 404 says, without the response's own nonce. */
const withoutNonce = (html: string) => html.replace(/nonce="[^"]*"/g, '');

/** The automation's webhook, up, recording each payload it receives. */
function fakeWebhook(agent: MockAgent) {
  const received: { topic: string; delivery: string; body: Record<string, unknown> }[] = [];
  agent
    .get('https://automation.example')
    .intercept({ path: '/hooks/lead', method: 'POST' })
    .reply((req) => {
      const headers = new Headers(req.headers as Record<string, string>);
      received.push({
        topic: headers.get('x-porchlight-topic') ?? '',
        delivery: headers.get('x-porchlight-delivery') ?? '',
        body: JSON.parse(String(req.body)),
      });
      return { statusCode: 204 };
    })
    .persist();
  return received;
}

function worker(ctx: Setup) {
  return createOutboxWorker({
    db: ctx.db,
    url: WEBHOOK,
    secret: undefined,
    outbound: { dispatcher: ctx.agent, timeoutMs: 1_000 },
    clock: ctx.time.clock,
    logger: createLogger('silent'),
    random: () => 0.5,
  });
}

test('an accepted form answers with its receipt, which shows what was agreed, masked, and is kept from caches', async () => {
  const ctx = await setup();
  const answer = await ctx.post('/api/contact', contact);
  expect(answer.status).toBe(201);
  const path = receiptPathOf(answer.body);
  const token = path.split('/').at(-1) ?? '';

  // Only the token's hash is stored; the webhook carries the same link.
  const consent = await ctx.db.selectFrom('consents').selectAll().executeTakeFirstOrThrow();
  expect(consent.receipt_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
  expect(JSON.stringify(consent)).not.toContain(token);
  const [payload] = await ctx.outbox();
  expect(JSON.parse(payload?.payload ?? '{}').receiptUrl).toBe(answer.body.receiptUrl);

  const page = await ctx.get(path);
  expect(page.status).toBe(200);
  expect(page.headers['cache-control']).toBe('private, no-store');
  expect(page.headers['x-robots-tag']).toMatch(/noindex/);
  expect(page.text).toContain('<meta name="robots" content="noindex, nofollow">');
  expect(page.text).toContain(consent.consent_text);
  expect(page.text).toContain(consent.consent_text_version);
  expect(page.text).toContain('(•••) •••-5309');
  expect(page.text).toContain('j•••@example.com');
  expect(page.text).not.toContain('867');
  expect(page.text).not.toContain('jane@');
  expect(page.text).toContain('Stop contacting me');

  // A second receipt for the same person is another link.
  ctx.time.advance(7 * 3_600_000);
  const again = await ctx.post('/api/demo-calls', demo);
  expect(again.status).toBe(201);
  expect(receiptPathOf(again.body)).not.toBe(path);
});

test('a wrong, cut short or altered link, or one replayed after an erasure, gets the same 404 and nothing else', async () => {
  const ctx = await setup();
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);
  const token = path.split('/').at(-1) ?? '';
  const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
  const misses = [
    `/consent/${token.slice(0, 42)}`,
    `/consent/${token.slice(0, 22)}`,
    `/consent/${altered}`,
    `/consent/${crypto.randomBytes(32).toString('base64url')}`,
    `/consent/${altered}/stop`,
    '/consent/',
    '/consent/1',
  ];
  const pages = await Promise.all(misses.map((miss) => ctx.get(miss)));
  for (const page of pages) {
    expect(page.status).toBe(404);
    expect(page.headers['cache-control']).toBe('private, no-store');
  }
  const [first] = pages;
  for (const page of pages) expect(withoutNonce(page.text)).toBe(withoutNonce(first?.text ?? ''));
  // Not a dead end: the policy page's form stops contact by number or address, with no link at all.
  expect(first?.text).toContain('<a href="/consent-policies">Consent Policy</a>');
  // Revoking through a wrong link changes nothing.
  expect((await request(ctx.app).post(`/consent/${altered}/stop`)).status).toBe(404);
  expect(await ctx.db.selectFrom('consent_revocations').selectAll().execute()).toEqual([]);

  expect((await ctx.get(path)).status).toBe(200);
  const operator = await signedInAgent(ctx.app, 'operator');
  const erased = await operator.post('/api/privacy-requests/erase').send({ phone: '2108675309', confirm: true });
  expect(erased.status).toBe(200);
  const replayed = await ctx.get(path);
  expect(replayed.status).toBe(404);
  expect(withoutNonce(replayed.text)).toBe(withoutNonce(first?.text ?? ''));
});

test('one click and a confirmation revoke, with time and evidence; the receipt then says so; twice is harmless', async () => {
  const ctx = await setup();
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);

  const confirm = await ctx.get(`${path}/stop`);
  expect(confirm.status).toBe(200);
  expect(confirm.headers['cache-control']).toBe('private, no-store');
  expect(confirm.text).toContain('Yes, stop contacting me');
  // Looking at the confirmation revokes nothing.
  expect(await ctx.db.selectFrom('consent_revocations').selectAll().execute()).toEqual([]);

  ctx.time.advance(60_000);
  const revoked = await request(ctx.app)
    .post(`${path}/stop`)
    .set('X-Forwarded-For', '198.51.100.4')
    .set('User-Agent', 'Revoking/1.0');
  expect(revoked.status).toBe(303);
  expect(revoked.headers.location).toBe(path);
  expect(await ctx.db.selectFrom('consent_revocations').selectAll().execute()).toEqual([
    {
      lead_id: expect.any(String),
      via: 'receipt',
      ip_address: '198.51.100.4',
      user_agent: 'Revoking/1.0',
      created_at: '2026-03-02T18:01:00.000Z',
    },
  ]);
  const page = await ctx.get(path);
  expect(page.text).toContain('Consent revoked');
  expect(page.text).not.toContain('>Stop contacting me<');
  // The confirmation of a revoked consent is the receipt.
  expect((await ctx.get(`${path}/stop`)).headers.location).toBe(path);

  ctx.time.advance(60_000);
  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);
  expect(await ctx.db.selectFrom('consent_revocations').select('created_at').execute()).toEqual([
    { created_at: '2026-03-02T18:01:00.000Z' },
  ]);
  expect((await ctx.outbox()).filter((row) => row.topic === CONSENT_REVOKED_TOPIC)).toHaveLength(1);
  // A revocation comes from this site's pages only.
  expect((await request(ctx.app).post(`${path}/stop`).set('Origin', 'https://elsewhere.example')).status).toBe(403);
});

test('after a revocation both forms refuse the number and the address, saying how to opt back in', async () => {
  const ctx = await setup();
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);
  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);

  const byPhone = await ctx.post('/api/demo-calls', { ...demo, email: 'other@example.com' });
  expect(byPhone.status).toBe(422);
  expect(byPhone.body.fieldErrors).toEqual({ phone: DO_NOT_CONTACT_MESSAGE });
  const byEmail = await ctx.post('/api/contact', { ...contact, phoneNumber: '2103456789', email: 'JANE@example.com' });
  expect(byEmail.status).toBe(422);
  expect(byEmail.body.fieldErrors).toEqual({ phoneNumber: DO_NOT_CONTACT_MESSAGE });
  expect(await ctx.db.selectFrom('leads').select('id').execute()).toHaveLength(1);

  // Ticking the opt-back-in box is a fresh consent, recorded as such, and lifts the listing.
  const back = await ctx.post('/api/demo-calls', { ...demo, optBackIn: true });
  expect(back.status).toBe(201);
  const renewed = await ctx.db
    .selectFrom('consents')
    .select('renewal_text')
    .where('renewal_text', 'is not', null)
    .execute();
  expect(renewed).toEqual([{ renewal_text: expect.stringMatching(/want to be contacted again/) }]);
  expect((await ctx.get(receiptPathOf(back.body))).text).toContain('want to be contacted again');
  ctx.time.advance(7 * 3_600_000);
  expect((await ctx.post('/api/contact', contact)).status).toBe(201);
});

test('a revocation reaches the webhook once, and a scheduled call not yet sent is withdrawn', async () => {
  const ctx = await setup({ at: NINE_PM_IN_TEXAS });
  const received = fakeWebhook(ctx.agent);
  const answer = await ctx.post('/api/demo-calls', demo);
  expect(answer.body.status).toBe('scheduled');
  const path = receiptPathOf(answer.body);
  const [lead] = await ctx.db.selectFrom('leads').select('id').execute();

  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);
  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);
  const outbound = worker(ctx);
  await outbound.runOnce();
  await outbound.runOnce();
  // Only the revocation went: the automation never heard of the call it would have scheduled.
  expect(received).toEqual([
    {
      topic: 'consent.revoked',
      delivery: `revoked:${lead?.id}`,
      body: {
        type: 'consent.revoked',
        leadId: lead?.id,
        phone: '2108675309',
        email: 'jane@example.com',
        revokedAt: NINE_PM_IN_TEXAS,
        via: 'receipt',
      },
    },
  ]);
});

test('the consent policy page’s form answers the same for a known and an unknown number, and is rate limited', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '3' } });
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);

  const timed = async (phone: string) => {
    const started = performance.now();
    const answer = await ctx.post('/api/consent-revocations', { phone }, '198.51.100.9');
    return Object.assign(answer, { ms: performance.now() - started });
  };
  const known = await timed('(210) 867-5309');
  const unknown = await timed('(210) 555-0100');
  // Neither answers sooner than the floor, which the writes of a known number's revocation stay well within.
  expect(known.ms).toBeGreaterThanOrEqual(REVOCATION_ANSWER_FLOOR_MS);
  expect(unknown.ms).toBeGreaterThanOrEqual(REVOCATION_ANSWER_FLOOR_MS);
  for (const answer of [known, unknown]) {
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ status: 'received', message: REVOCATION_RECEIVED_MESSAGE });
  }
  expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  // The known number's consent is revoked; the unknown one is listed all the same.
  expect((await ctx.get(path)).text).toContain('Consent revoked');
  // Its payload, not yet sent, is withdrawn; the revocation is sent instead.
  expect((await ctx.outbox()).map((row) => row.topic)).toEqual([CONSENT_REVOKED_TOPIC]);
  expect((await ctx.post('/api/demo-calls', { ...demo, phone: '2105550100' })).status).toBe(422);

  expect((await ctx.post('/api/consent-revocations', { phone: '12' }, '198.51.100.9')).status).toBe(400);
  const limited = await ctx.post('/api/consent-revocations', { email: 'x@example.com' }, '198.51.100.9');
  expect(limited.status).toBe(429);
  // Another address is counted apart.
  expect((await ctx.post('/api/consent-revocations', { email: 'x@example.com' }, '198.51.100.10')).status).toBe(202);
});

test('without scripts the policy page’s form posts to the page itself, answered with a page, under the same limit', async () => {
  const ctx = await setup({ env: { DEMO_RATE_LIMIT_PER_HOUR: '3' } });
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);
  const ip = '198.51.100.21';
  const formPost = (subject: string, headers: Record<string, string> = {}) => {
    const started = performance.now();
    return request(ctx.app)
      .post('/consent-policies')
      .set({ 'X-Forwarded-For': ip, 'User-Agent': BROWSER, 'Sec-Fetch-Site': 'same-origin', ...headers })
      .type('form')
      .send({ subject })
      .then((answer) => Object.assign(answer, { ms: performance.now() - started }));
  };

  // A value that is neither: the form again, with what was typed (escaped) and why, nothing revoked.
  const refused = await formPost('210 555 <b>');
  expect(refused.status).toBe(400);
  expect(refused.type).toBe('text/html');
  expect(refused.text).toContain(REVOCATION_SUBJECT_MESSAGE);
  expect(refused.text).toContain('value="210 555 &lt;b&gt;"');
  expect(refused.text).toMatch(/<input[^>]*name="subject"[^>]*aria-invalid="true"/);
  expect(refused.text).toMatch(/<form method="post" action="\/consent-policies"/);

  // A known number and an unknown address get one page, no sooner than the floor, kept out of caches.
  const known = await formPost('(210) 867-5309');
  const unknown = await formPost(' nobody@example.com ');
  for (const answer of [known, unknown]) {
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.text).toContain('<h1>Request received</h1>');
    expect(answer.ms).toBeGreaterThanOrEqual(REVOCATION_ANSWER_FLOOR_MS);
  }
  expect(withoutNonce(known.text)).toBe(withoutNonce(unknown.text));
  expect(known.text).toContain(REVOCATION_RECEIVED_MESSAGE.replace("'", '&#39;'));
  expect((await ctx.get(path)).text).toContain('Consent revoked');
  expect(
    (await ctx.post('/api/demo-calls', { ...demo, email: 'nobody@example.com', phone: '2105550100' })).status,
  ).toBe(422);

  // Another site's page cannot send it.
  const forged = await formPost('(210) 555-0101', { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' });
  expect(forged.status).toBe(403);
  expect((await ctx.post('/api/demo-calls', { ...demo, phone: '2105550101', email: 'x@example.com' })).status).toBe(
    201,
  );

  // Three requests an hour from one address, by either door together (a forged one counts for nothing): the
  // fourth is refused, as a page here.
  const limited = await formPost('(210) 555-0102');
  expect(limited.status).toBe(429);
  expect(limited.type).toBe('text/html');
  expect(limited.text).toContain('Too many requests. Please wait an hour and try again.');
  const limitedApi = await ctx.post('/api/consent-revocations', { phone: '(210) 555-0102' }, ip);
  expect(limitedApi.status).toBe(429);
  expect(limitedApi.body).toEqual({ error: 'Too many requests. Please wait an hour and try again.' });
});

test('the do-not-contact list holds across instances sharing the database, and stores no number or address', async () => {
  const first = await setup();
  const shared = sameDatabaseAs(first);
  const second = await setup({ env: shared.env, overrides: shared.overrides });
  expect((await first.post('/api/consent-revocations', { email: 'jane@example.com' })).status).toBe(202);
  const refused = await second.post('/api/contact', contact);
  expect(refused.status).toBe(422);
  const listed = await first.db.selectFrom('do_not_contact').selectAll().execute();
  expect(listed).toEqual([
    { digest: expect.stringMatching(/^[0-9a-f]{64}$/), kind: 'email', listed_at: NOON_IN_TEXAS },
  ]);
});

test.skipIf(testPostgresUrl() === undefined)(
  'on PostgreSQL, every instance needs the same DO_NOT_CONTACT_KEY: one with another refuses to start, saying why',
  async () => {
    const key = 'the-do-not-contact-key-of-instance-one';
    const first = await createTestApp({ DO_NOT_CONTACT_KEY: key });
    open.push(first);
    const url = first.config.databaseUrl ?? '';
    await expect(
      createTestApp({ DATABASE_URL: url, DO_NOT_CONTACT_KEY: 'another-do-not-contact-key-entirely' }),
    ).rejects.toThrow(/^DO_NOT_CONTACT_KEY differs from the one the other instances on this database use/);
    // Nor does a missing one pass for it: the key of a DATA_DIR of its own is another key.
    await expect(createTestApp({ DATABASE_URL: url })).rejects.toThrow(/^DO_NOT_CONTACT_KEY differs/);

    const second = await createTestApp({ DATABASE_URL: url, DO_NOT_CONTACT_KEY: key });
    open.push(second);
    const revoked = await request(first.app).post('/api/consent-revocations').send({ phone: '2108675309' });
    expect(revoked.status).toBe(202);
    const refused = await request(second.app).post('/api/demo-calls').send(demo);
    expect(refused.status).toBe(422);
  },
);

test('a privacy export carries the consent and its revocation; an erasure leaves only the do-not-contact list', async () => {
  const ctx = await setup();
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);
  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);
  const operator = await signedInAgent(ctx.app, 'operator');

  const exported = await operator.post('/api/privacy-requests/export').send({ email: 'jane@example.com' });
  expect(exported.status).toBe(200);
  const document = JSON.parse(exported.text);
  expect(document.consents).toEqual([expect.objectContaining({ consent_text_version: expect.any(String) })]);
  expect(document.revocations).toEqual([expect.objectContaining({ via: 'receipt', created_at: NOON_IN_TEXAS })]);
  expect(document.deliveries.map((delivery: { topic: string }) => delivery.topic)).toEqual([CONSENT_REVOKED_TOPIC]);

  expect(
    (await operator.post('/api/privacy-requests/erase').send({ email: 'jane@example.com', confirm: true })).status,
  ).toBe(200);
  for (const table of ['leads', 'consents', 'consent_revocations', 'outbox'] as const) {
    expect(await ctx.db.selectFrom(table).selectAll().execute()).toEqual([]);
  }
  expect(await ctx.db.selectFrom('do_not_contact').select('kind').orderBy('kind').execute()).toEqual([
    { kind: 'email' },
    { kind: 'phone' },
  ]);
  // Still refused after the erasure: the list is what keeps the promise.
  expect((await ctx.post('/api/contact', contact)).status).toBe(422);
});

test('a call not yet placed ends when its consent is revoked, with the reason the lead inbox shows, live', async () => {
  const ctx = await setup();
  const heard = recordRoomEvents(ctx.callEvents);
  const answer = await ctx.post('/api/demo-calls', demo);
  expect(answer.body.status).toBe('preparing');
  expect((await request(ctx.app).post(`${receiptPathOf(answer.body)}/stop`)).status).toBe(303);
  const call = await ctx.db.selectFrom('call_notifications').selectAll().executeTakeFirstOrThrow();
  expect(call).toMatchObject({
    state: 'ended',
    status: 'failed',
    outcome: 'failed',
    ended_reason: CALL_CANCELLED_REASON,
  });
  // Whoever watches the call in the demo dialog sees it end.
  expect(heard.map((event) => event.event)).toContainEqual(
    expect.objectContaining({ callId: call.id, state: 'ended', outcome: 'failed' }),
  );
});

test('the lead inbox shows each lead’s consent state, filters by it, and its export carries it', async () => {
  const ctx = await setup();
  const kept = await ctx.post('/api/contact', { ...contact, phoneNumber: '2103456789', email: 'kept@example.com' });
  expect(kept.status).toBe(201);
  ctx.time.advance(60_000);
  const path = receiptPathOf((await ctx.post('/api/contact', contact)).body);
  ctx.time.advance(60_000);
  expect((await request(ctx.app).post(`${path}/stop`)).status).toBe(303);
  const operator = await signedInAgent(ctx.app, 'operator');

  const consentOf = async (query: string) => {
    const res = await operator.get(`/api/leads${query}`);
    expect(res.status).toBe(200);
    return res.body.leads.map((lead: { email: string; consent: object }) => [lead.email, lead.consent]);
  };
  const given = expect.objectContaining({ revokedAt: null, revokedVia: null });
  const revoked = expect.objectContaining({ revokedAt: '2026-03-02T18:02:00.000Z', revokedVia: 'receipt' });
  expect(await consentOf('')).toEqual([
    ['jane@example.com', revoked],
    ['kept@example.com', given],
  ]);
  expect(await consentOf('?consent=revoked')).toEqual([['jane@example.com', revoked]]);
  expect(await consentOf('?consent=given')).toEqual([['kept@example.com', given]]);
  expect((await operator.get('/api/leads?consent=maybe')).status).toBe(400);

  const csv = await operator.get('/api/leads/export.csv');
  expect(csv.status).toBe(200);
  expect(csv.text).toContain('Consent state,Consent revoked at (UTC)');
  expect(csv.text).toMatch(/jane@example\.com.*,Revoked,2026-03-02T18:02:00\.000Z,/);
  expect(csv.text).toMatch(/kept@example\.com.*,Given,,/);
});
