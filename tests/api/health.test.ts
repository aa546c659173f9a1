import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { BackupStatus } from '#server/ops/backup-schedule.ts';
import { createTestApp } from '#tests/support/test-app.ts';

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
  expect(ready.body).toMatchObject({ status: 'ready' });

  const other = await createTestApp();
  await other.db.destroy();
  try {
    const down = await request(other.app).get('/readyz');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ status: 'unavailable' });
  } finally {
    await other.close();
  }
});

test('/readyz tells a monitor when the last backup was taken, its size and duration, without naming files', async () => {
  let status: BackupStatus = { intervalHours: 24, last: null, lastFailure: null };
  const app = await createTestApp({}, { backupStatus: () => status });
  try {
    expect((await request(app.app).get('/readyz')).body).toEqual({
      status: 'ready',
      backup: { last: null, lastAttemptFailed: false },
    });
    status = {
      intervalHours: 24,
      last: {
        file: '/srv/data/backups/porchlight-20261123T153000Z.sqlite',
        at: '2026-11-23T15:30:00.000Z',
        bytes: 4096,
        ms: 12,
      },
      lastFailure: { at: '2026-11-24T15:30:00.000Z', error: 'ENOSPC: no space left on device, open /srv/data/backups' },
    };
    const res = await request(app.app).get('/readyz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ready',
      backup: { last: { at: '2026-11-23T15:30:00.000Z', bytes: 4096, ms: 12 }, lastAttemptFailed: true },
    });
    expect(JSON.stringify(res.body)).not.toContain('/srv');
  } finally {
    await app.close();
  }
});
