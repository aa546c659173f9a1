import request from 'supertest';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import { createPageCache } from '#server/page-cache.ts';
import { headingOf, inlineTags } from '../support/html.ts';
import { createTestApp } from '../support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const cache = createPageCache({ clock: () => new Date('2026-01-05T12:00:00Z') });
beforeAll(async () => {
  ctx = await createTestApp({}, { pageCache: cache });
});
afterAll(() => ctx.close());

const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /script-src 'self' 'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

test('a page served from the cache is the rendered page with its own response nonce on every inline tag', async () => {
  const first = await request(ctx.app).get('/blogs').set('User-Agent', 'Googlebot/2.1');
  expect(first.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/blogs', 'probe')).toBeDefined());

  const second = await request(ctx.app).get('/blogs');
  expect(second.status).toBe(200);
  expect(second.headers['content-type']).toBe('text/html; charset=utf-8');
  const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
  expect(secondNonce).toBeDefined();
  expect(secondNonce).not.toBe(firstNonce);
  // A crawler's whole document and the cached one are the same page but for the nonce.
  expect(second.text).toBe(first.text.replaceAll(String(firstNonce), String(secondNonce)));
  const tags = inlineTags(second.text);
  expect(tags.length).toBeGreaterThan(2);
  for (const tag of tags) expect(tag).toContain(`nonce="${secondNonce}"`);
});

test('the cache keeps each URL apart, query included, and never keeps a not-found page', async () => {
  await request(ctx.app).get('/blogs?layout=list');
  await vi.waitFor(() => expect(cache.get('/blogs?layout=list', 'n')).toBeDefined());
  expect(cache.get('/blogs?layout=list', 'n')?.html).not.toBe(cache.get('/blogs', 'n')?.html);

  const missing = await request(ctx.app).get('/no-such-page');
  expect(missing.status).toBe(404);
  expect(cache.get('/no-such-page', 'n')).toBeUndefined();
  const again = await request(ctx.app).get('/no-such-page');
  expect(again.status).toBe(404);
  expect(headingOf(again.text)).toBe('Page not found');
});

test('the Host a page was asked with plays no part in what is cached', async () => {
  const res = await request(ctx.app).get('/').set('Host', 'evil.example');
  expect(res.status).toBe(200);
  await vi.waitFor(() => expect(cache.get('/', 'n')).toBeDefined());
  const cached = cache.get('/', 'n')?.html;
  expect(cached).toContain(`<link rel="canonical" href="${ctx.config.siteUrl}/"/>`);
  expect(cached).not.toContain('evil.example');
});
