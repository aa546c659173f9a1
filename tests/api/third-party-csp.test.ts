import express from 'express';
import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { cspNonce, securityHeaders, type ThirdPartySources } from '#server/http/security.ts';
import { OPERATOR_PAGE_PATHS } from '#shared/operator-pages.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

function directivesOf(res: { headers: Record<string, unknown> }) {
  const csp = String(res.headers['content-security-policy']);
  const parts = csp.split(';').map((part) => part.trim().split(/\s+/));
  return {
    names: parts.map(([key]) => key),
    directive: (name: string) => parts.find(([key]) => key === name)?.slice(1) ?? [],
  };
}

async function policyOf(env: Record<string, string> = {}, path = '/') {
  const ctx = await createTestApp(env, { pages: await builtPages() });
  open.push(ctx);
  const res = await request(ctx.app).get(path);
  return { html: res.text, ...directivesOf(res) };
}

/** The policy of the security middleware alone, for third-party sets the app's config cannot produce. */
async function middlewarePolicy(thirdParties: ThirdPartySources) {
  const app = express();
  app.use(cspNonce, securityHeaders({ https: false, dev: false, thirdParties }));
  app.get('/', (_req, res) => {
    res.send('ok');
  });
  return directivesOf(await request(app).get('/'));
}

test('the booking calendar may load its script and frame its pages, and nothing more', async () => {
  const { directive } = await policyOf();
  expect(directive('script-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-/), 'https://app.cal.com']);
  expect(directive('frame-src')).toEqual(['https://app.cal.com']);
  // Test mode is not production, so Vite's hot-reload socket (ws:) is allowed too.
  expect(directive('connect-src').filter((source) => source !== 'ws:')).toEqual(["'self'"]);
  expect(directive('img-src')).toEqual(["'self'", 'data:']);
});

test("the calendar's inline styles are allowed, and only styles: scripts stay nonce-only", async () => {
  const { directive } = await policyOf();
  // Cal.com's embed writes <style> elements into the page's head and its shadow roots, and style attributes,
  // outside its frame (docs/decisions/0005-page-cache-and-csp.md); a nonce beside 'unsafe-inline' would void it.
  expect(directive('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(directive('style-src-attr')).toEqual(["'unsafe-inline'"]);
  expect(directive('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[\w-]+'$/)]);
  for (const name of ['script-src', 'default-src', 'connect-src', 'frame-src', 'img-src']) {
    expect(directive(name).join(' ')).not.toMatch(/unsafe/);
  }
  expect(directive('script-src-elem')).toEqual([]);
  expect(directive('script-src-attr')).toEqual([]);
});

test('without a third party that styles inline, styles are nonce-only', async () => {
  const strict = await middlewarePolicy({ script: ['https://app.cal.com'], frame: ['https://app.cal.com'] });
  expect(strict.names).not.toContain('style-src-elem');
  expect(strict.names).not.toContain('style-src-attr');
  expect(strict.directive('style-src')).toEqual(["'self'", expect.stringMatching(/^'nonce-[\w-]+'$/)]);

  const calendar = await middlewarePolicy({ inlineStyles: true });
  expect(calendar.directive('style-src-elem')).toEqual(["'self'", "'unsafe-inline'"]);
  expect(calendar.directive('style-src-attr')).toEqual(["'unsafe-inline'"]);
});

test('a self-hosted calendar team moves the calendar sources with it', async () => {
  const { directive } = await policyOf({ CAL_TEAM: 'https://book.example.com/porchlight' });
  expect(directive('script-src')).toContain('https://book.example.com');
  expect(directive('script-src')).not.toContain('https://app.cal.com');
  expect(directive('frame-src')).toEqual(['https://book.example.com']);
});

test('without a pixel id neither the CSP nor the page mentions the pixel', async () => {
  const { html, directive } = await policyOf();
  for (const name of ['script-src', 'connect-src', 'img-src']) {
    expect(directive(name).join(' ')).not.toMatch(/facebook/);
  }
  expect(html).not.toMatch(/connect\.facebook\.net|metaPixelId/);
});

test('with a pixel id the CSP allows its script and reports, and the page receives the id', async () => {
  const { html, directive } = await policyOf({ META_PIXEL_ID: '123456789012345' });
  expect(directive('script-src')).toContain('https://connect.facebook.net');
  expect(directive('img-src')).toContain('https://www.facebook.com');
  expect(directive('connect-src')).toEqual(
    expect.arrayContaining(['https://www.facebook.com', 'https://connect.facebook.net']),
  );
  expect(directive('frame-src')).not.toContain('https://www.facebook.com');
  expect(html).toContain('"metaPixelId":"123456789012345"');
});

test('no third party, however configured, reaches the CSP or the Permissions-Policy of an operator page', async () => {
  const ctx = await createTestApp(
    {
      CAL_TEAM: 'https://book.example.com/porchlight',
      META_PIXEL_ID: '123456789012345',
      PROMO_VIDEO_ID: 'dQw4w9WgXcQ',
    },
    { pages: await builtPages() },
  );
  open.push(ctx);
  const thirdParties = /book\.example\.com|cal\.com|facebook|youtube|unsafe-inline|data:/;
  const home = await request(ctx.app).get('/');
  expect(String(home.headers['content-security-policy'])).toMatch(thirdParties);
  for (const path of OPERATOR_PAGE_PATHS) {
    const res = await request(ctx.app).get(path);
    expect(String(res.headers['content-security-policy']), path).not.toMatch(thirdParties);
    expect(String(res.headers['permissions-policy']), path).not.toMatch(thirdParties);
    const { names, directive } = directivesOf(res);
    expect(names, path).not.toContain('style-src-elem');
    expect(names, path).not.toContain('style-src-attr');
    expect(directive('script-src'), path).toEqual(["'self'", expect.stringMatching(/^'nonce-[\w-]+'$/)]);
    expect(directive('frame-src'), path).toEqual(["'none'"]);
  }
});

test('a path that only looks like an operator page gets the marketing policy', async () => {
  const { directive } = await policyOf({}, '/leads-and-more');
  expect(directive('frame-src')).toEqual(['https://app.cal.com']);
});
