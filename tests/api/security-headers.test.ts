import request from 'supertest';
import { afterEach, expect, test } from 'vitest';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const ctx of open.splice(0)) await ctx.close();
});

const YOUTUBE = 'https://www.youtube-nocookie.com';
const CALENDAR = 'https://app.cal.com';

/** The Permissions-Policy of a response as feature -> allowlist. */
function permissionsOf(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  const header = res.headers['permissions-policy'];
  expect(typeof header).toBe('string');
  return new Map(
    String(header)
      .split(',')
      .map((entry) => {
        const match = /^\s*([a-z-]+)=\(([^)]*)\)\s*$/.exec(entry);
        if (!match?.[1]) throw new Error(`not a structured policy entry: ${entry}`);
        return [match[1], match[2]?.split(' ').filter(Boolean) ?? []];
      }),
  );
}

async function app(env: Record<string, string> = {}) {
  const ctx = await createTestApp(env, { pages: await builtPages() });
  open.push(ctx);
  return ctx.app;
}

test('every kind of response turns off the powerful features the site does not use', async () => {
  const site = await app();
  const responses = await Promise.all([
    request(site).get('/'),
    request(site).get('/no-such-page'),
    request(site).get('/robots.txt'),
    request(site).get('/healthz'),
    request(site).get('/assets/nothing-here.js'),
    request(site).get('/api/nothing'),
    request(site).post('/api/contact').send({}),
  ]);
  for (const res of responses) {
    const policy = permissionsOf(res);
    for (const feature of [
      'camera',
      'microphone',
      'geolocation',
      'usb',
      'serial',
      'hid',
      'midi',
      'display-capture',
      'browsing-topics',
      'publickey-credentials-get',
      'xr-spatial-tracking',
    ]) {
      expect(policy.get(feature), `${feature} on ${res.request.url}`).toEqual([]);
    }
  }
});

test('the promo video may autoplay, go full screen and picture-in-picture here, and in the YouTube embed when one is set', async () => {
  const withoutEmbed = permissionsOf(await request(await app()).get('/'));
  for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
    expect(withoutEmbed.get(feature)).toEqual(['self']);
  }

  const withEmbed = permissionsOf(await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/'));
  // What the embed's iframe asks for in its `allow` attribute (client/features/promos/video-dialog.tsx).
  for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
    expect(withEmbed.get(feature)).toEqual(['self', `"${YOUTUBE}"`]);
  }
});

test("payment is left only to the booking calendar's frame, which asks for it", async () => {
  const policy = permissionsOf(await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/'));
  expect(policy.get('payment')).toEqual(['self', `"${CALENDAR}"`]);
});

test('every origin a feature is handed to may also be framed, and no other is named', async () => {
  const res = await request(await app({ PROMO_VIDEO_ID: 'dQw4w9WgXcQ' })).get('/');
  const frameSrc =
    String(res.headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'frame-src')
      ?.slice(1) ?? [];
  const named = [...permissionsOf(res).values()].flat().filter((source) => source !== 'self');
  expect(named.length).toBeGreaterThan(0);
  for (const source of named) expect(frameSrc).toContain(source.replaceAll('"', ''));
});
