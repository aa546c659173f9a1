import crypto from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

// Bytes compressed once (at build time for assets, when a page enters the page cache) and sent as they are:
// compressing the same bytes again for every request cost more than everything else a response does.

/** The content codings a body is kept in, best first: on equal preference the smaller wins. */
export const CODINGS = ['br', 'gzip', 'identity'] as const;
export type Coding = (typeof CODINGS)[number];

/** One response body in each coding kept for it (identity always), with a strong entity tag per coding. */
export interface EncodedBody {
  readonly bytes: Readonly<Partial<Record<Coding, Buffer>>> & { readonly identity: Buffer };
  /** Quoted entity tags: one representation per coding, so each has its own (RFC 9110 §8.8.3). */
  readonly etags: Readonly<Partial<Record<Coding, string>>>;
  /** What the body holds in memory: every coding's length. */
  readonly size: number;
}

/** A body from its identity bytes and whichever compressed copies are worth keeping (smaller than identity). */
export function encodedBody(identity: Buffer, coded: { gzip?: Buffer; br?: Buffer } = {}): EncodedBody {
  const tag = crypto.createHash('sha256').update(identity).digest('base64url').slice(0, 27);
  const bytes: Partial<Record<Coding, Buffer>> & { identity: Buffer } = { identity };
  const etags: Partial<Record<Coding, string>> = { identity: `"${tag}"` };
  let size = identity.length;
  for (const coding of ['br', 'gzip'] as const) {
    const body = coded[coding];
    if (!body || body.length >= identity.length) continue;
    bytes[coding] = body;
    etags[coding] = `"${tag}-${coding}"`;
    size += body.length;
  }
  return { bytes, etags, size };
}

/** Parsed Accept-Encoding headers: browsers send a handful of distinct values, so each is parsed once. */
const weightsCache = new Map<string, Map<string, number>>();
const WEIGHTS_CACHE_MAX = 256;

function weightsOf(header: string): Map<string, number> {
  const known = weightsCache.get(header);
  if (known) return known;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (!name) continue;
    // RFC 9110 §12.5.3: x-gzip is gzip.
    if (name === 'x-gzip') name = 'gzip';
    let weight = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(param);
      if (match) weight = Math.min(1, Number(match[1]));
    }
    weights.set(name, Math.max(weight, weights.get(name) ?? 0));
  }
  // Made-up headers must not grow this without bound.
  if (weightsCache.size >= WEIGHTS_CACHE_MAX) weightsCache.clear();
  weightsCache.set(header, weights);
  return weights;
}

/**
 * The coding to send for a request's Accept-Encoding among those `body` is kept in: the highest q-value, br
 * before gzip before identity on a tie. Identity is acceptable unless refused (`identity;q=0`, or `*;q=0`
 * without identity), and is sent anyway when everything kept is refused, as servers commonly do.
 */
export function chooseCoding(acceptEncoding: string | undefined, body: EncodedBody): Coding {
  if (acceptEncoding === undefined) return 'identity';
  const weights = weightsOf(acceptEncoding);
  const star = weights.get('*');
  let best: Coding = 'identity';
  let bestWeight = 0;
  for (const coding of CODINGS) {
    if (!body.bytes[coding]) continue;
    // Unlisted identity ranks below every listed coding, however low its q.
    const weight = weights.get(coding) ?? (coding === 'identity' ? (star === 0 ? 0 : 0.0001) : (star ?? 0));
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/** Whether If-None-Match names any of the body's entity tags (weak comparison, RFC 9110 §13.1.2). */
export function matchesAny(ifNoneMatch: string, body: EncodedBody): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const tags = Object.values(body.etags);
  for (const candidate of ifNoneMatch.split(',')) {
    const tag = candidate.trim().replace(/^W\//, '');
    if (tags.includes(tag)) return true;
  }
  return false;
}

/** Header name and value pairs, computed once and written as they are on every response. */
export type HeaderList = ReadonlyArray<readonly [string, string]>;

/**
 * A response whose every header is computed once: for each coding kept, the flat header list node:http's
 * `writeHead` takes (the fastest way it has to write them) for the 200 and for the 304.
 */
export interface PreparedResponse {
  readonly status: number;
  readonly body: EncodedBody;
  readonly headers: Readonly<Partial<Record<Coding, readonly string[]>>>;
  readonly notModified: Readonly<Partial<Record<Coding, readonly string[]>>>;
}

export function prepareResponse(status: number, body: EncodedBody, headers: HeaderList): PreparedResponse {
  const common = headers.flat();
  if (body.bytes.br || body.bytes.gzip) common.push('Vary', 'Accept-Encoding');
  const full: Partial<Record<Coding, string[]>> = {};
  const notModified: Partial<Record<Coding, string[]>> = {};
  for (const coding of CODINGS) {
    const bytes = body.bytes[coding];
    const etag = body.etags[coding];
    if (!bytes || !etag) continue;
    notModified[coding] = [...common, 'ETag', etag];
    full[coding] = [
      ...notModified[coding],
      ...(coding === 'identity' ? [] : ['Content-Encoding', coding]),
      'Content-Length',
      String(bytes.length),
    ];
  }
  return { status, body, headers: full, notModified };
}

/**
 * Writes `prepared` in the coding the request prefers, or 304 when the request already holds it, with `extra`
 * headers (the request id). Content-Encoding is set, so no compression middleware would compress it again.
 */
export function writePrepared(
  req: IncomingMessage,
  res: ServerResponse,
  prepared: PreparedResponse,
  extra: readonly string[],
): void {
  const coding = chooseCoding(req.headers['accept-encoding'], prepared.body);
  const ifNoneMatch = req.headers['if-none-match'];
  if (prepared.status === 200 && ifNoneMatch !== undefined && matchesAny(ifNoneMatch, prepared.body)) {
    res.writeHead(304, [...(prepared.notModified[coding] ?? []), ...extra]);
    res.end();
    return;
  }
  res.writeHead(prepared.status, [...(prepared.headers[coding] ?? []), ...extra]);
  if (req.method === 'HEAD') res.end();
  else res.end(prepared.body.bytes[coding]);
}
