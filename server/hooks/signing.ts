import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { WindowCounter } from '#server/http/window-counter.ts';
import type { Clock } from '#shared/clock.ts';
import { type Hook, type HookAnswer, hookError } from './hook-path.ts';
import type { ReplayGuard } from './replay-guard.ts';

// Server-to-server requests are signed both ways (README "Signed hooks"): HMAC-SHA256, hex, over
// `${timestamp}.${METHOD}.${path}.${rawBody}`, sent as `X-Porchlight-Signature: sha256=<hex>` with
// `X-Porchlight-Timestamp: <Unix seconds>`. Method and path are signed so that a body signed for one hook
// cannot be played to another; the timestamp is signed as the very string sent, so `0<ts>` or `<ts>.0` do
// not verify.
export const SIGNATURE_HEADER = 'x-porchlight-signature';
export const TIMESTAMP_HEADER = 'x-porchlight-timestamp';
export const SIGNATURE_TOLERANCE_S = 300;
const TIMESTAMP_PATTERN = /^\d{1,12}$/;

/** The largest body a hook signed with HOOK_SECRET takes (a batch of lead reports fits well inside). */
export const SIGNED_HOOK_BODY_BYTES = 64 * 1024;
/** The largest body a call provider's message takes: an end-of-call report carries the whole transcript. */
export const PROVIDER_HOOK_BODY_BYTES = 1024 * 1024;

export interface SignedRequest {
  /** Unix seconds, exactly the string sent in the timestamp header. */
  timestamp: string;
  method: string;
  /** The path called, without the query string: `/api/hooks/call-status`. */
  path: string;
  /** The raw body, byte for byte as sent. */
  body: string;
}

export function stringToSign({ timestamp, method, path, body }: SignedRequest): string {
  return `${timestamp}.${method.toUpperCase()}.${path}.${body}`;
}

/** The signature header's value: `sha256=<hex>`. */
export function signRequest(secret: string, request: SignedRequest): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(stringToSign(request)).digest('hex')}`;
}

/** Headers of a signed JSON request at `now`, for the automation's side, the lead webhook and tests. */
export function signedHeaders(
  secret: string,
  request: Omit<SignedRequest, 'timestamp'>,
  now: Date,
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    'content-type': 'application/json',
    [TIMESTAMP_HEADER]: timestamp,
    [SIGNATURE_HEADER]: signRequest(secret, { ...request, timestamp }),
  };
}

export type SignatureCheck = { ok: true; signature: string; expiresAt: Date } | { ok: false; error: string };

/**
 * Checks a received request's timestamp and signature. On success answers the signature and when it stops
 * being accepted anyway (timestamp + tolerance), which is how long a replay guard must remember it.
 */
export function checkSignature(
  secret: string,
  received: Omit<SignedRequest, 'timestamp'> & { timestamp: string | undefined; signature: string | undefined },
  now: Date,
): SignatureCheck {
  const { timestamp, signature } = received;
  if (timestamp === undefined || !TIMESTAMP_PATTERN.test(timestamp)) {
    return { ok: false, error: `Missing or malformed ${TIMESTAMP_HEADER}: expected Unix seconds, digits only.` };
  }
  const seconds = Number(timestamp);
  if (Math.abs(now.getTime() / 1000 - seconds) > SIGNATURE_TOLERANCE_S) {
    return {
      ok: false,
      error: `Stale ${TIMESTAMP_HEADER}: more than ${SIGNATURE_TOLERANCE_S} s away from the server's clock.`,
    };
  }
  const expected = signRequest(secret, { ...received, timestamp });
  if (signature === undefined || !safeEqual(signature, expected)) return { ok: false, error: 'Bad signature.' };
  return { ok: true, signature: expected, expiresAt: new Date((seconds + SIGNATURE_TOLERANCE_S) * 1000) };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

export interface SignedHookGuard {
  /** Undefined turns every hook off (503): an unsigned hook would let anyone move calls. */
  secret: string | undefined;
  clock: Clock;
  replays: ReplayGuard;
  /** Correctly signed requests per client address; limited after the check, so only the key holder uses it. */
  accepted: { counter: WindowCounter; limit: number };
  /** Refused signatures per client address; once over, the address is refused before any work is done. */
  failures: { counter: WindowCounter; limit: number };
}

/** The half of a hook that checks who sent it (server/hooks/hook-path.ts). */
export type HookGuard = Pick<Hook, 'refuseEarly' | 'verify'>;

/**
 * The checks of a hook at `path` signed with HOOK_SECRET: its signature, age and novelty, and the address's
 * limits. The path is the hook's own, not the URL as received, so a proxy in front that adds a prefix does not
 * change what the automation signs.
 */
export function signedHookGuard(path: string, guard: SignedHookGuard): HookGuard {
  const { secret, clock, replays, accepted, failures } = guard;
  return {
    refuseEarly: (address) =>
      secret ? refuseRepeatedFailures(failures, address) : hookError(503, 'Hooks are not configured on this server.'),
    async verify({ method, headers, body, address }) {
      const check = checkSignature(
        secret ?? '',
        {
          method,
          path,
          body,
          timestamp: headerOf(headers, TIMESTAMP_HEADER),
          signature: headerOf(headers, SIGNATURE_HEADER),
        },
        clock(),
      );
      if (!check.ok) {
        failures.counter.hit(address);
        return hookError(401, check.error);
      }
      // Counted before the replay guard remembers the signature, so a request refused here can be sent again.
      const over = overLimit(accepted, address);
      if (over) return over;
      if (await replays.seen(check.signature, check.expiresAt)) {
        return hookError(
          409,
          'This signed request was already received. Sign every request afresh, with a new timestamp.',
        );
      }
      return undefined;
    },
  };
}

/** A header's value as Node gives it: a repeated one comes joined, and then does not verify. */
function headerOf(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return typeof value === 'string' ? value : undefined;
}

function overLimit(accepted: SignedHookGuard['accepted'], address: string): HookAnswer | undefined {
  if (accepted.counter.hit(address) <= accepted.limit) return undefined;
  return hookError(429, {
    error: 'Too many hook requests. Please wait a minute and try again.',
    retryAfterSeconds: accepted.counter.retryAfterS(address),
  });
}

/** Ahead of reading the body: an address past its limit of bad signatures gets 429 unchecked. */
function refuseRepeatedFailures(failures: SignedHookGuard['failures'], address: string): HookAnswer | undefined {
  if (failures.counter.count(address) < failures.limit) return undefined;
  return hookError(429, {
    error: 'Too many requests with bad signatures. Please wait a minute.',
    retryAfterSeconds: failures.counter.retryAfterS(address),
  });
}

// Vapi's server messages are signed the way Vapi's HMAC custom credential signs them (README "Call provider"):
// HMAC-SHA256 of the raw body alone with VAPI_SERVER_SECRET, hex, in `X-Vapi-Signature`. Nothing dates them, so
// a replay cannot be refused by age; every message is applied idempotently instead (a replay changes nothing).
export const VAPI_SIGNATURE_HEADER = 'x-vapi-signature';

/** The `X-Vapi-Signature` of `body`: hex HMAC-SHA256 with the shared secret. */
export function signBody(secret: string, body: string): string {
  return crypto.createHmac('sha256', secret).update(body).digest('hex');
}

/** Compared in constant time; a `sha256=` prefix is taken as well as the bare hex. */
export function checkBodySignature(secret: string, body: string, signature: string | undefined): boolean {
  if (signature === undefined) return false;
  const hex = signature
    .trim()
    .replace(/^sha256=/i, '')
    .toLowerCase();
  return safeEqual(hex, signBody(secret, body));
}

export interface BodySignedHookGuard {
  /** Undefined turns the hook off (503). */
  secret: string | undefined;
  header: string;
  accepted: SignedHookGuard['accepted'];
  failures: SignedHookGuard['failures'];
}

/** The checks of a hook signed over its body alone: the signature, in constant time, and the address's limits. */
export function bodySignedHookGuard(guard: BodySignedHookGuard): HookGuard {
  const { secret, header, accepted, failures } = guard;
  return {
    refuseEarly: (address) =>
      secret
        ? refuseRepeatedFailures(failures, address)
        : hookError(503, 'This hook is not configured on this server.'),
    async verify({ headers, body, address }) {
      if (!secret || !checkBodySignature(secret, body, headerOf(headers, header))) {
        failures.counter.hit(address);
        return hookError(401, 'Bad signature.');
      }
      return overLimit(accepted, address);
    },
  };
}
