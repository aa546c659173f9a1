import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { developmentPages, type PageSource } from '#server/pages/page-source.ts';
import { appLoadOf, headingOf, inlineTags } from '#tests/support/html.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// `npm run dev`: Vite in middleware mode compiles modules on request and the server renders from source.
let pages: PageSource;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  pages = await developmentPages();
  ctx = await createTestApp({}, { pages });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  await pages.close();
});

test('development renders pages from source, with the nonce on every inline tag', async () => {
  const res = await request(ctx.app).get('/blogs');
  expect(res.status).toBe(200);
  expect(headingOf(res.text)).toBe('Real-Estate Lead Conversion Insights');
  expect(appLoadOf(res.text).modules).toEqual(['/@vite/client', '/client/entry-islands.tsx']);
  const nonce = /'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
  for (const tag of inlineTags(res.text)) expect(tag).toContain(`nonce="${nonce}"`);
}, 60_000);

test('development serves the browser modules compiled by Vite', async () => {
  const res = await request(ctx.app).get('/client/entry-client.tsx');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/javascript/);
  expect(res.text).toContain('hydrateRoot');
}, 60_000);

test('development preloads the brand font from the package, and serves it', async () => {
  const html = (await request(ctx.app).get('/')).text;
  const href = /<link rel="preload" href="([^"]+\.woff2)" as="font"/.exec(html)?.[1];
  expect(href).toMatch(/inter-latin-wght-normal\.woff2$/);
  const font = await request(ctx.app).get(String(href)).buffer(true);
  expect(font.status).toBe(200);
  expect(Buffer.from(font.body).subarray(0, 4).toString('latin1')).toBe('wOF2');
}, 60_000);
