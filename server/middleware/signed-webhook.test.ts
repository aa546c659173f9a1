import express from 'express';
import request from 'supertest';
import { expect, test } from 'vitest';
import { SIGNATURE_HEADER, signedHeaders, TIMESTAMP_HEADER, verifySignedJson } from './signed-webhook.ts';

const now = new Date('2026-03-02T15:00:00Z');
const secret = 'hook-secret';

function app(configured: string | undefined) {
  const a = express();
  a.post('/hook', ...verifySignedJson(configured, () => now), (req, res) => {
    res.json({ received: req.body });
  });
  return a;
}

test('a correctly signed, fresh body passes and is parsed', async () => {
  const body = JSON.stringify({ callId: 'abc', status: 'calling' });
  const res = await request(app(secret))
    .post('/hook')
    .set(signedHeaders(secret, body, now))
    .send(body);
  expect(res.status).toBe(200);
  expect(res.body.received).toEqual({ callId: 'abc', status: 'calling' });
});

test('a body signed with another secret is refused', async () => {
  const body = JSON.stringify({ status: 'calling' });
  const res = await request(app(secret))
    .post('/hook')
    .set(signedHeaders('wrong', body, now))
    .send(body);
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('Bad signature.');
});

test('a tampered body is refused', async () => {
  const body = JSON.stringify({ status: 'calling' });
  const res = await request(app(secret))
    .post('/hook')
    .set(signedHeaders(secret, body, now))
    .send(JSON.stringify({ status: 'completed' }));
  expect(res.status).toBe(401);
});

test('a signature older than five minutes is refused as stale', async () => {
  const body = '{}';
  const old = new Date(now.getTime() - 301_000);
  const res = await request(app(secret))
    .post('/hook')
    .set(signedHeaders(secret, body, old))
    .send(body);
  expect(res.status).toBe(401);
  expect(res.body.error).toBe('Stale or missing timestamp.');
});

test('missing headers are refused', async () => {
  const res = await request(app(secret)).post('/hook').set('content-type', 'application/json').send('{}');
  expect(res.status).toBe(401);
  const noSig = await request(app(secret))
    .post('/hook')
    .set(TIMESTAMP_HEADER, String(Math.floor(now.getTime() / 1000)))
    .set(SIGNATURE_HEADER, '')
    .send('{}');
  expect(noSig.status).toBe(401);
});

test('without a configured secret every hook call is refused', async () => {
  const body = '{}';
  const res = await request(app(undefined))
    .post('/hook')
    .set(signedHeaders(secret, body, now))
    .send(body);
  expect(res.status).toBe(503);
});
