import net from 'node:net';

// TRUST_PROXY, checked before anything starts: Express's "trust proxy" minus every setting that would believe
// an X-Forwarded-For any client can write (README "Running behind a proxy").

/** Express "trust proxy": false, a hop count, or a comma-separated list of addresses, subnets and named ranges. */
export type TrustProxy = false | number | string;

/** More proxies than this (a CDN, a load balancer and an ingress) in front of one server is taken for a mistake. */
export const MAX_PROXY_HOPS = 3;

// The ranges Express (proxy-addr) knows by name.
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.1/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

const LIMITS_VOIDED = 'so any client could write its own X-Forwarded-For and pass every per-address limit';

const TRUE_REFUSED =
  'true would trust any X-Forwarded-For a client sends, so one client could pose as any address and pass every ' +
  "per-address limit; set the number of proxies in front of this server (e.g. 1) or the proxies' addresses or subnets";

/** An IP address, or a subnet as address/prefix-length (10.0.0.0/8, fd00::/8). */
function isAddressOrSubnet(value: string): boolean {
  const [address = '', prefix, ...rest] = value.split('/');
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const IPV4_SPACE = 1n << 32n;
const IPV6_SPACE = 1n << 128n;
/** ::ffff:0:0/96, where IPv4 addresses sit in IPv6 (Express takes such a client for its IPv4 address). */
const MAPPED_START = 0xffffn << 32n;

function ipv4Number(address: string): bigint {
  return address.split('.').reduce((n, part) => (n << 8n) + BigInt(Number(part)), 0n);
}

function ipv6Number(address: string): bigint {
  let text = address.split('%')[0] ?? '';
  const ipv4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (ipv4Tail) {
    const n = ipv4Number(ipv4Tail);
    text = `${text.slice(0, -ipv4Tail.length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const before = head ? head.split(':') : [];
  const after = tail ? tail.split(':') : [];
  const groups =
    tail === undefined ? before : [...before, ...Array(8 - before.length - after.length).fill('0'), ...after];
  return groups.reduce((n, group) => (n << 16n) + BigInt(Number.parseInt(group, 16)), 0n);
}

interface Span {
  start: bigint;
  /** Exclusive. */
  end: bigint;
}

/** The addresses one item stands for, as spans of IPv4 and of IPv6 numbers. */
function spansOf(item: string): { v4: Span[]; v6: Span[] } {
  const named = NAMED_RANGES[item];
  if (named) {
    const all = named.map(spansOf);
    return { v4: all.flatMap((spans) => spans.v4), v6: all.flatMap((spans) => spans.v6) };
  }
  const [address = '', prefix] = item.split('/');
  const v4 = net.isIP(address) === 4;
  const bits = v4 ? 32n : 128n;
  const size = 1n << (bits - BigInt(prefix ?? bits));
  const start = ((v4 ? ipv4Number(address) : ipv6Number(address)) / size) * size;
  const span = { start, end: start + size };
  if (v4) return { v4: [span], v6: [{ start: MAPPED_START + span.start, end: MAPPED_START + span.end }] };
  // Taken at its widest: an IPv6 subnet overlapping the mapped block is counted as trusting those IPv4 addresses.
  const mappedStart = span.start > MAPPED_START ? span.start : MAPPED_START;
  const mappedEnd = span.end < MAPPED_START + IPV4_SPACE ? span.end : MAPPED_START + IPV4_SPACE;
  const mapped = mappedStart < mappedEnd ? [{ start: mappedStart - MAPPED_START, end: mappedEnd - MAPPED_START }] : [];
  return { v4: mapped, v6: [span] };
}

/** True when the spans leave no number of [0, space) out. */
function coversAll(spans: Span[], space: bigint): boolean {
  let next = 0n;
  for (const span of [...spans].sort((a, b) => (a.start < b.start ? -1 : a.start > b.start ? 1 : 0))) {
    if (span.start > next) return false;
    if (span.end > next) next = span.end;
  }
  return next >= space;
}

/** What the items trust whole ('IPv4 address', 'IPv6 address' or both: 'address'), if anything. */
function trustsAll(items: string[]): string | undefined {
  const spans = items.map(spansOf);
  const v4 = coversAll(
    spans.flatMap((s) => s.v4),
    IPV4_SPACE,
  );
  // A native IPv6 client is never in the mapped block, so that block counts as covered.
  const mappedBlock = { start: MAPPED_START, end: MAPPED_START + IPV4_SPACE };
  const v6 = coversAll([...spans.flatMap((s) => s.v6), mappedBlock], IPV6_SPACE);
  if (v4 && v6) return 'address';
  if (v4) return 'IPv4 address';
  return v6 ? 'IPv6 address' : undefined;
}

/** TRUST_PROXY's value for Express, or the line that says why it is refused. */
export function parseTrustProxy(value: string): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const v = value.trim();
  if (v === 'false') return { ok: true, value: false };
  if (v === 'true') return { ok: false, problem: TRUE_REFUSED };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= MAX_PROXY_HOPS) return { ok: true, value: hops };
    return {
      ok: false,
      problem:
        `${v} proxies is more than any deployment puts in front of this server (at most ${MAX_PROXY_HOPS}): the ` +
        `addresses past the real proxies would be believed, ${LIMITS_VOIDED}; ` +
        'count your proxies, or name their addresses or subnets',
    };
  }
  const items = v.split(',').map((item) => item.trim());
  const bad = items.find((item) => !Object.hasOwn(NAMED_RANGES, item) && !isAddressOrSubnet(item));
  if (bad !== undefined) {
    return {
      ok: false,
      problem: `"${bad}" is not a hop count, an IP address, a subnet (CIDR) or one of loopback, linklocal, uniquelocal`,
    };
  }
  const family = trustsAll(items);
  if (family) {
    return {
      ok: false,
      problem:
        `"${items.join(', ')}" trusts every ${family}, ${LIMITS_VOIDED}; ` +
        "name only your proxies' addresses or subnets",
    };
  }
  return { ok: true, value: items.join(', ') };
}
