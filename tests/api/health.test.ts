import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

test('/healthz says the process is up', async () => {
  const res = await request(ctx.app).get('/healthz');
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ status: 'ok' });
});

test('/readyz says ready while the database answers, and 503 once it does not', async () => {
  const ready = await request(ctx.app).get('/readyz');
  expect(ready.status).toBe(200);
  expect(ready.body).toEqual({ status: 'ready' });

  const other = await createTestApp();
  await other.db.destroy();
  try {
    const down = await request(other.app).get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({ status: 'unavailable' });
  } finally {
    await other.close();
  }
});
