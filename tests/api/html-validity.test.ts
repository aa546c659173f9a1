import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { Receipt } from '#server/consent/consent-store.ts';
import {
  confirmStopPage,
  noReceiptPage,
  receiptPage,
  revocationFormPage,
  revocationLimitedPage,
  revocationReceivedPage,
} from '#server/consent/receipt-page.ts';
import { createPageCache } from '#server/pages/page-cache.ts';
import { DEMO_CONSENT_VERSION, demoConsentText, OPT_BACK_IN_TEXT } from '#shared/consent.ts';
import { REVOCATION_RECEIVED_MESSAGE, REVOCATION_SUBJECT_MESSAGE } from '#shared/messages.ts';
import { pageKeyOf } from '#shared/page-query.ts';
import { type CheckerMessage, checkHtml } from '#tests/support/html-checker.ts';
import { listen } from '#tests/support/leads.ts';
import { rawGet } from '#tests/support/raw-get.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';
import { childrenNamed, childText, parseXml } from '#tests/support/xml.ts';

// Every page as the production server sends it, checked by the Nu Html Checker: each page of the sitemap, the
// operator pages and the not-found page, both as first streamed to a browser and as later sent from the page
// cache, and the consent pages rendered without script. All go to the checker in one run.

const OPERATOR_PAGES = ['/analytics', '/dashboard', '/leads'];
const NOT_FOUND = '/no-such-page';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listen>>;
const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
beforeAll(async () => {
  ctx = await createTestApp({}, { pageCache: cache, pages: await builtPages() });
  server = await listen(ctx.app);
});
afterAll(async () => {
  await server?.close();
  await ctx?.close();
});

async function get(path: string, status = 200): Promise<string> {
  const res = await rawGet(`${server.url}${path}`, { 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' });
  expect(res.status, path).toBe(status);
  expect(res.headers['content-type'], path).toBe('text/html; charset=utf-8');
  return res.body.toString('utf8');
}

/** The consent pages the server renders with no script, given and revoked, and the revocation form's answers. */
function consentPages(): [string, string][] {
  const receipt: Receipt = {
    leadId: 'lead-1',
    kind: 'demo',
    version: DEMO_CONSENT_VERSION,
    text: demoConsentText('Porchlight'),
    renewalText: OPT_BACK_IN_TEXT,
    givenAt: '2026-01-05T12:00:00.000Z',
    phone: '2108675309',
    email: 'jane@example.com',
    sourceTag: 'homepage',
    revocation: undefined,
  };
  const revoked = { ...receipt, revocation: { at: '2026-01-06T12:00:00.000Z', via: 'receipt' as const } };
  const token = 'A'.repeat(43);
  const frame = { nonce: 'nonce' };
  return [
    ['receipt', receiptPage(receipt, token, frame)],
    ['receipt, revoked', receiptPage(revoked, token, frame)],
    ['receipt, dark', receiptPage(receipt, token, { ...frame, theme: 'dark' })],
    ['receipt, confirm stop', confirmStopPage(receipt, token, frame)],
    ['receipt, none', noReceiptPage(frame)],
    ['revocation, refused', revocationFormPage('210 "<555>"', REVOCATION_SUBJECT_MESSAGE, frame)],
    ['revocation, received', revocationReceivedPage(REVOCATION_RECEIVED_MESSAGE, frame)],
    ['revocation, limited', revocationLimitedPage('Too many requests.', frame)],
  ];
}

const described = ({ page, line, message }: CheckerMessage) => `${page}${line ? `:${line}` : ''}: ${message}`;

// The checker's CSS grammar predates container queries (the menu's theme switch fits its width with one), which every
// browser the site supports has had since 2023; nothing else it says of the styles is let through.
const CSS_GRAMMAR_GAPS = [
  "CSS: “container-type”: Property “container-type” doesn't exist.",
  'CSS: Unrecognized at-rule “@container”',
];
const isKnownGap = (found: CheckerMessage) => CSS_GRAMMAR_GAPS.includes(found.message);

test('every page is valid HTML, streamed and from the page cache', { timeout: 240_000 }, async () => {
  const sitemap = await rawGet(`${server.url}/sitemap.xml`);
  const paths = childrenNamed(parseXml(sitemap.body.toString('utf8')), 'url').map(
    (url) => new URL(childText(url, 'loc') ?? '').pathname,
  );
  expect(paths.length).toBeGreaterThan(5);

  const pages = new Map<string, string>();
  for (const path of [...new Set([...paths, ...OPERATOR_PAGES])]) {
    const streamed = await get(path);
    expect(streamed, path).toContain(' nonce="');
    const key = pageKeyOf(new URL(path, server.url));
    await vi.waitFor(() => expect(cache.get(key), path).toBeDefined(), { timeout: 20_000 });
    const cached = await get(path);
    expect(cached, path).not.toContain(' nonce="');
    pages.set(`${path} (streamed)`, streamed);
    pages.set(`${path} (cached)`, cached);
  }
  pages.set(`${NOT_FOUND} (streamed)`, await get(NOT_FOUND, 404));
  for (const [name, html] of consentPages()) pages.set(name, html);

  const messages = await checkHtml(pages);
  // Every finding is told against its page; one that is not would be a finding nobody could place.
  expect(messages.filter((found) => !pages.has(found.page)).map(described)).toEqual([]);
  expect(messages.filter((found) => found.type === 'error' && !isKnownGap(found)).map(described)).toEqual([]);
});
