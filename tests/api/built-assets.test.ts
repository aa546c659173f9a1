import fs from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DIST_DIR } from '#server/pages/page-source.ts';
import { mainScriptUrl } from '#tests/support/built-assets.ts';
import { listen } from '#tests/support/leads.ts';
import { rawGet } from '#tests/support/raw-get.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let server: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  ctx = await createTestApp({}, { pages: await builtPages() });
  // As the server runs it: built assets are answered before Express is entered.
  server = await listen(ctx.app);
});
afterAll(async () => {
  await server.close();
  await ctx.close();
});

const script = mainScriptUrl();
const onDisk = fs.readFileSync(path.join(DIST_DIR, 'client', script));

test('the build writes brotli and gzip copies of the main script beside it', () => {
  const file = path.join(DIST_DIR, 'client', script);
  const br = fs.readFileSync(`${file}.br`);
  const gz = fs.readFileSync(`${file}.gz`);
  expect(brotliDecompressSync(br)).toEqual(onDisk);
  expect(gunzipSync(gz)).toEqual(onDisk);
  expect(br.length).toBeLessThan(gz.length);
  expect(gz.length).toBeLessThan(onDisk.length / 2);
});

test('the main script is sent as the build compressed it, in the coding the browser prefers', async () => {
  const cases = [
    { accept: 'gzip, deflate, br, zstd', coding: 'br', decode: brotliDecompressSync },
    { accept: 'gzip', coding: 'gzip', decode: gunzipSync },
    { accept: 'br;q=0.5, gzip', coding: 'gzip', decode: gunzipSync },
    { accept: 'identity', coding: undefined, decode: (bytes: Buffer) => bytes },
    // A coding the server does not keep: the script goes as it is, and nothing compresses it on the way.
    { accept: 'deflate', coding: undefined, decode: (bytes: Buffer) => bytes },
  ];
  const tags = new Set<string>();
  for (const { accept, coding, decode } of cases) {
    const res = await rawGet(`${server.url}${script}`, { 'Accept-Encoding': accept });
    expect(res.status, accept).toBe(200);
    expect(res.headers['content-encoding'], accept).toBe(coding);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // One layer of the coding, exactly the file the build wrote.
    expect(decode(res.body)).toEqual(onDisk);
    tags.add(String(res.headers.etag));
  }
  // One strong tag per coding.
  expect(tags.size).toBe(3);
  for (const tag of tags) expect(tag).toMatch(/^"[\w-]+"$/);
});

test('a browser that has the script gets 304, and HEAD gets the headers alone', async () => {
  const first = await rawGet(`${server.url}${script}`, { 'Accept-Encoding': 'br' });
  const again = await rawGet(`${server.url}${script}`, {
    'Accept-Encoding': 'br',
    'If-None-Match': String(first.headers.etag),
  });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  expect(again.headers.etag).toBe(first.headers.etag);

  const head = await rawGet(`${server.url}${script}`, { 'Accept-Encoding': 'gzip' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.body.length).toBe(0);
  expect(head.headers['content-encoding']).toBe('gzip');
  expect(Number(head.headers['content-length'])).toBe(
    fs.readFileSync(path.join(DIST_DIR, 'client', `${script}.gz`)).length,
  );
});

test('an asset name the build did not write is 404, and another spelling of one goes to the static files', async () => {
  const res = await rawGet(`${server.url}/assets/entry-client-00000000.js`, { 'Accept-Encoding': 'br' });
  expect(res.status).toBe(404);
  const spelled = await rawGet(`${server.url}${script.replace('-', '%2D')}`, { 'Accept-Encoding': 'gzip' });
  expect(spelled.status).toBe(200);
  expect(gunzipSync(spelled.body)).toEqual(onDisk);
});
