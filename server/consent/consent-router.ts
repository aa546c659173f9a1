import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import express, { type Request, type Response, Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { sendApiError } from '#server/http/api-error.ts';
import type { RateLimitStores } from '#server/http/rate-limit-store.ts';
import { sameOriginOnly } from '#server/http/same-origin.ts';
import { nonceOf } from '#server/http/security.ts';
import { type FieldRefusal, toFieldErrors } from '#shared/api-error.ts';
import type { Clock } from '#shared/clock.ts';
import { CONSENT_POLICY_PATH, revocationSubject } from '#shared/consent.ts';
import { REVOCATION_RECEIVED_MESSAGE, REVOCATION_SUBJECT_MESSAGE } from '#shared/messages.ts';
import { privacySubjectSchema } from '#shared/privacy-request-schema.ts';
import { themeOfCookieHeader } from '#shared/theme-cookie.ts';
import type { ConsentStore, RevocationEvidence } from './consent-store.ts';
import {
  confirmStopPage,
  noReceiptPage,
  type PageFrame,
  receiptPage,
  revocationFormPage,
  revocationLimitedPage,
  revocationReceivedPage,
} from './receipt-page.ts';

// The receipt's pages (`/consent/:token`) and the revocation form's two doors (docs/product-rules.md#consent).

const USER_AGENT_MAX = 512;

function evidenceOf(req: Request): RevocationEvidence {
  return { ipAddress: req.ip ?? null, userAgent: req.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null };
}

/**
 * Nobody's but the holder's: kept out of every cache and every index, and the token in the address goes to no
 * other site a link leads to (`same-origin`, not `no-referrer`, which would make the confirmation's post say
 * `Origin: null` and fail the same-origin rule).
 */
/** The page's nonce, and the theme the visitor chose on the site (its cookie), which these pages keep too. */
function frameOf(req: Request, res: Response): PageFrame {
  return { nonce: nonceOf(res), theme: themeOfCookieHeader(req.headers.cookie) };
}

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
  const notFound = (req: Request, res: Response) => sendPage(res, 404, noReceiptPage(frameOf(req, res)));

  router.get('/:token', async (req, res) => {
    const receipt = await consent.receipt(req.params.token);
    if (!receipt) return notFound(req, res);
    sendPage(res, 200, receiptPage(receipt, req.params.token, frameOf(req, res)));
  });
  router.get('/:token/stop', async (req, res) => {
    const receipt = await consent.receipt(req.params.token);
    if (!receipt) return notFound(req, res);
    // Already revoked: the receipt says so.
    if (receipt.revocation) return res.redirect(303, `${req.baseUrl}/${req.params.token}`);
    sendPage(res, 200, confirmStopPage(receipt, req.params.token, frameOf(req, res)));
  });
  // A form post from the confirmation page: from this site only, like the API's.
  router.post('/:token/stop', sameOriginOnly(siteUrl), async (req, res) => {
    const found = await consent.revokeByReceipt(String(req.params.token), evidenceOf(req), clock());
    if (!found) return notFound(req, res);
    res.redirect(303, `${req.baseUrl}/${req.params.token}`);
  });
  // Any other path under /consent opens nothing either.
  router.use((req, res) => notFound(req, res));
  return router;
}

export interface RevocationFormDeps extends ConsentRouteDeps {
  limitStores?: RateLimitStores;
  /** Requests per address per hour, both doors together. */
  perHour: number;
}

/**
 * The form answers no sooner than this after it was sent. A known number is revoked in the same request (more
 * writes than an unknown one), and the time it took would otherwise tell that it was known.
 */
export const REVOCATION_ANSWER_FLOOR_MS = 250;

const LIMITED_MESSAGE = 'Too many requests. Please wait an hour and try again.';

/** A browser's own post of a form, not the API's JSON. */
const isFormPost = (req: Request) =>
  req.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * The consent policy page's revocation form, through either of its doors: `api` (POST /api/consent-revocations,
 * JSON, for the form's script) and `page` (POST on the policy page itself, the browser's own form post when
 * scripts are off, answered with a page). Both give the same answer whether or not the number or address is
 * known, no sooner for one than the other, and share one rate limit per address, so that neither can be used to
 * learn who asked to be called.
 */
export function revocationRouters({ consent, clock, siteUrl, limitStores, perHour }: RevocationFormDeps) {
  const limit = rateLimit({
    ...limitStores?.('consent-revocations'),
    windowMs: 60 * 60_000,
    limit: perHour,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler(req, res, _next, options) {
      if (isFormPost(req)) sendPage(res, options.statusCode, revocationLimitedPage(LIMITED_MESSAGE, frameOf(req, res)));
      else sendApiError(res, options.statusCode, LIMITED_MESSAGE);
    },
  });

  /** Revokes what the subject names, no sooner than the floor; the refusal when it names nothing. */
  async function revoke(req: Request, subject: unknown): Promise<FieldRefusal | undefined> {
    const started = performance.now();
    const parsed = privacySubjectSchema.safeParse(subject);
    if (!parsed.success) return toFieldErrors(parsed.error);
    await consent.revokeByIdentity(parsed.data, evidenceOf(req), clock());
    const early = REVOCATION_ANSWER_FLOOR_MS - (performance.now() - started);
    if (early > 0) await delay(early);
  }

  const api = Router();
  api.post('/', limit, express.json({ limit: '2kb' }), async (req, res) => {
    const refusal = await revoke(req, req.body ?? {});
    if (refusal) return sendApiError(res, 400, refusal);
    res.status(202).json({ status: 'received', message: REVOCATION_RECEIVED_MESSAGE });
  });

  const page = Router();
  page.post(
    CONSENT_POLICY_PATH,
    // A plain form post carries no token, so the same-origin rule is what keeps other sites from sending it.
    sameOriginOnly(siteUrl),
    limit,
    express.urlencoded({ extended: false, limit: '2kb' }),
    async (req, res) => {
      const field: unknown = req.body?.subject;
      const value = typeof field === 'string' ? field : '';
      const refusal = await revoke(req, revocationSubject(value));
      if (refusal) return sendPage(res, 400, revocationFormPage(value, REVOCATION_SUBJECT_MESSAGE, frameOf(req, res)));
      sendPage(res, 200, revocationReceivedPage(REVOCATION_RECEIVED_MESSAGE, frameOf(req, res)));
    },
  );
  return { api, page };
}
