import http from 'node:http';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import type { RouteObject } from 'react-router';
import request from 'supertest';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { createRenderer as CreateRenderer, Render } from '#client/entry-server.tsx';
import { createLogger } from '#server/logger.ts';
import { DIST_DIR } from '#server/pages/page-source.ts';
import { headingOf } from '#tests/support/html.ts';
import { listen } from '#tests/support/leads.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

// The built route table with one more page whose loader fails, as a broken data source would.
beforeAll(async () => {
  const built: { createRenderer: typeof CreateRenderer; routes: RouteObject[] } = await import(
    pathToFileURL(path.join(DIST_DIR, 'server', 'entry-server.js')).href
  );
  const [root] = built.routes;
  const [pagesRoute] = root?.children ?? [];
  if (!root || root.index || !pagesRoute || pagesRoute.index) throw new Error('unexpected route table');
  const failing: RouteObject = {
    path: 'failing',
    Component: () => null,
    loader: () => {
      throw new Error('secret connection string postgres://admin:hunter2@db');
    },
  };
  const routes: RouteObject[] = [
    { ...root, children: [{ ...pagesRoute, children: [failing, ...(pagesRoute.children ?? [])] }] },
  ];
  const pages = await builtPages();
  ctx = await createTestApp({}, { pages: { ...pages, render: async () => built.createRenderer(routes) } });
});
afterAll(() => ctx.close());

test('a failing page answers 500 with the router error screen and no detail of the error', async () => {
  const res = await request(ctx.app).get('/failing');
  expect(res.status).toBe(500);
  expect(headingOf(res.text)).toBe('Unexpected Application Error!');
  expect(res.text).not.toContain('hunter2');
  expect(res.text).not.toMatch(/at .*\.js:\d+/);
});

test('when rendering itself throws, the page is a plain 500 error page without a stack', async () => {
  const pages = await builtPages();
  const broken = await createTestApp(
    {},
    {
      pages: {
        ...pages,
        render: async () => {
          throw new Error('render module failed to load at /srv/app/dist/server/entry-server.js:12');
        },
      },
    },
  );
  try {
    const res = await request(broken.app).get('/');
    expect(res.status).toBe(500);
    expect(headingOf(res.text)).toBe('Unexpected Application Error!');
    expect(res.text).not.toContain('entry-server.js');
    const nonce = /'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(res.text).toContain(`<style nonce="${nonce}">`);
  } finally {
    await broken.close();
  }
});

test('unknown API paths answer JSON 404', async () => {
  const res = await request(ctx.app).get('/api/nothing');
  expect(res.status).toBe(404);
  expect(res.body).toEqual({ error: 'Not found' });
});

test('malformed JSON sent to the API is a 400 in JSON, not an HTML page', async () => {
  const res = await request(ctx.app).post('/api/anything').set('Content-Type', 'application/json').send('{"oops":');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: 'Bad request' });
});

test('the API refuses state-changing requests from another site', async () => {
  const res = await request(ctx.app)
    .post('/api/anything')
    .set('Origin', 'https://evil.example')
    .set('Sec-Fetch-Site', 'cross-site')
    .send({});
  expect(res.status).toBe(403);
  expect(res.body.error).toBe('Requests must come from this site.');
});

test('the API is rate limited per client with a JSON message', async () => {
  const limited = await createTestApp({ API_RATE_LIMIT_PER_MINUTE: '3' });
  try {
    for (let i = 0; i < 3; i++) expect((await request(limited.app).get('/api/nothing')).status).toBe(404);
    const res = await request(limited.app).get('/api/nothing');
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/Too many requests/);
  } finally {
    await limited.close();
  }
});

test('a Host header or forwarded protocol that makes no URL still gets the page, not a 500', async () => {
  for (const host of ['[::1', '%zz', 'a b']) {
    expect((await request(ctx.app).get('/').set('Host', host)).status).toBe(200);
  }
  const proxied = await createTestApp({ TRUST_PROXY: 'loopback' }, { pages: await builtPages() });
  try {
    const res = await request(proxied.app).get('/').set('X-Forwarded-Proto', 'not a scheme');
    expect(res.status).toBe(200);
  } finally {
    await proxied.close();
  }
});

test('a visitor who leaves while a page streams is logged even if the render cannot be aborted', async () => {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      callback();
    },
  });
  const pages = await builtPages();
  // A stream that never ends and whose abort throws, as a broken renderer's might.
  const render: Render = async () => ({
    kind: 'html',
    status: 200,
    pipe: (destination) => destination.write('<!DOCTYPE html><html><body>'),
    abort: () => {
      throw new Error('abort failed');
    },
  });
  const stuck = await createTestApp(
    {},
    { pages: { ...pages, render: async () => render }, logger: createLogger('info', sink) },
  );
  const server = await listen(stuck.app);
  try {
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${server.url}/`, { headers: { 'Accept-Encoding': 'identity' }, agent: false }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => {});
      req.setTimeout(10_000, () => reject(new Error('no page arrived')));
    });
    await vi.waitFor(() => expect(lines.map((line) => line.msg)).toContain('could not abort a page stream'));
    expect((await request(stuck.app).get('/healthz')).status).toBe(200);
  } finally {
    await server.close();
    await stuck.close();
  }
});

vi.setConfig({ testTimeout: 15_000 });
