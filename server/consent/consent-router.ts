import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import express, { type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { rateLimitMessage, sendApiError } from '#server/http/api-error.ts';
import type { RateLimitStores } from '#server/http/rate-limit-store.ts';
import { sameOriginOnly } from '#server/http/same-origin.ts';
import { nonceOf } from '#server/http/security.ts';
import { toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { REVOCATION_RECEIVED_MESSAGE } from '#shared/messages.ts';
import { privacySubjectSchema } from '#shared/privacy-request-schema.ts';
import type { ConsentStore, RevocationEvidence } from './consent-store.ts';
import { confirmStopPage, noReceiptPage, receiptPage } from './receipt-page.ts';

// The receipt's pages (`/consent/:token`) and the revocation form's API (docs/product-rules.md#consent).

const USER_AGENT_MAX = 512;

function evidenceOf(req: Request): RevocationEvidence {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null };
}

/**
 * Nobody's but the holder's: kept out of every cache and every index, and the token in the address goes to no
 * other site a link leads to (`same-origin`, not `no-referrer`, which would make the confirmation's post say
 * `Origin: null` and fail the same-origin rule).
 */
function sendPage(res: Response, status: number, html: string): void {
  res.status(status);
  res.set({
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex, nofollow',
    'Referrer-Policy': 'same-origin',
  });
  res.send(html);
}

export interface ConsentRouteDeps {
  consent: ConsentStore;
  clock: Clock;
  siteUrl: string;
}

/** GET /consent/:token, the confirmation at /consent/:token/stop, and its POST that revokes. */
export function receiptRouter({ consent, clock, siteUrl }: ConsentRouteDeps): Router {
  const router = Router();
  const notFound = (res: Response) => sendPage(res, 404, noReceiptPage(nonceOf(res)));

  router.get('/:token', async (req, res) => {
    const receipt = await consent.receipt(req.params.token);
    if (!receipt) return notFound(res);
    sendPage(res, 200, receiptPage(receipt, req.params.token, nonceOf(res)));
  });
  router.get('/:token/stop', async (req, res) => {
    const receipt = await consent.receipt(req.params.token);
    if (!receipt) return notFound(res);
    // Already revoked: the receipt says so.
    if (receipt.revocation) return res.redirect(303, `${req.baseUrl}/${req.params.token}`);
    sendPage(res, 200, confirmStopPage(receipt, req.params.token, nonceOf(res)));
  });
  // A form post from the confirmation page: from this site only, like the API's.
  router.post('/:token/stop', sameOriginOnly(siteUrl), async (req, res) => {
    const found = await consent.revokeByReceipt(String(req.params.token), evidenceOf(req), clock());
    if (!found) return notFound(res);
    res.redirect(303, `${req.baseUrl}/${req.params.token}`);
  });
  // Any other path under /consent opens nothing either.
  router.use((_req, res) => notFound(res));
  return router;
}

export interface RevocationFormDeps extends ConsentRouteDeps {
  limitStores?: RateLimitStores;
  /** Requests per address per hour. */
  perHour: number;
}

/**
 * The form answers no sooner than this after it was sent. A known number is revoked in the same request (more
 * writes than an unknown one), and the time it took would otherwise tell that it was known.
 */
export const REVOCATION_ANSWER_FLOOR_MS = 250;

/**
 * POST /api/consent-revocations: a number or an address. The answer is the same whether or not it is known, no
 * sooner for one than the other, and it is rate limited per address, so the form cannot be used to learn who
 * asked to be called.
 */
export function revocationFormRouter({ consent, clock, limitStores, perHour }: RevocationFormDeps): Router {
  const router = Router();
  router.post(
    '/',
    rateLimit({
      ...limitStores?.('consent-revocations'),
      windowMs: 60 * 60_000,
      limit: perHour,
      standardHeaders: 'draft-8',
      legacyHeaders: false,
      message: rateLimitMessage('Too many requests. Please wait an hour and try again.'),
    }),
    express.json({ limit: '2kb' }),
    async (req, res) => {
      const started = performance.now();
      const parsed = privacySubjectSchema.safeParse(req.body ?? {});
      if (!parsed.success) return sendApiError(res, 400, toFieldErrors(parsed.error));
      await consent.revokeByIdentity(parsed.data, evidenceOf(req), clock());
      const early = REVOCATION_ANSWER_FLOOR_MS - (performance.now() - started);
      if (early > 0) await delay(early);
      res.status(202).json({ status: 'received', message: REVOCATION_RECEIVED_MESSAGE });
    },
  );
  return router;
}
