import crypto from 'node:crypto';
import express, { type RequestHandler } from 'express';
import type { Clock } from '#shared/clock.ts';

// Callbacks from the call automation are signed: HMAC-SHA256 over `${timestamp}.${rawBody}`, hex, sent as
// `X-Porchlight-Signature: sha256=<hex>` with `X-Porchlight-Timestamp: <unix seconds>`. Old timestamps are
// refused so a captured request cannot be replayed later.
export const SIGNATURE_HEADER = 'x-porchlight-signature';
export const TIMESTAMP_HEADER = 'x-porchlight-timestamp';
export const SIGNATURE_TOLERANCE_S = 300;

export function signBody(secret: string, timestamp: number, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Headers for a signed request, for the automation's side and for tests. */
export function signedHeaders(secret: string, body: string, now: Date): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: signBody(secret, timestamp, body),
  };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/**
 * Reads the raw JSON body, checks its signature and age, then puts the parsed JSON on `req.body`.
 * Without a configured secret every call is refused: an unsigned hook would let anyone move calls.
 */
export function verifySignedJson(secret: string | undefined, clock: Clock): RequestHandler[] {
  return [
    express.raw({ type: () => true, limit: '64kb' }),
    (req, res, next) => {
      if (!secret) {
        res.status(503).json({ error: 'Hooks are not configured on this server.' });
        return;
      }
      const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      const timestamp = Number(req.get(TIMESTAMP_HEADER));
      const signature = req.get(SIGNATURE_HEADER) ?? '';
      const age = Math.abs(clock().getTime() / 1000 - timestamp);
      if (!Number.isFinite(timestamp) || age > SIGNATURE_TOLERANCE_S) {
        res.status(401).json({ error: 'Stale or missing timestamp.' });
        return;
      }
      if (!safeEqual(signature, signBody(secret, timestamp, raw))) {
        res.status(401).json({ error: 'Bad signature.' });
        return;
      }
      try {
        req.body = JSON.parse(raw);
      } catch {
        res.status(400).json({ error: 'Body must be JSON.' });
        return;
      }
      next();
    },
  ];
}
