import net from 'node:net';

// Address helpers for visits: one spelling per address, which ranges are not public, and truncation.

/** `::ffff:1.2.3.4` (how a dual-stack socket reports IPv4) becomes `1.2.3.4`; other input is trimmed only. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

// Ranges no geolocation database can place: private, loopback, link-local, shared (CGNAT), documentation.
const nonPublic = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] satisfies [string, number][]) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['2001:db8::', 32],
  ['ff00::', 8],
] satisfies [string, number][]) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for addresses that are not valid or not on the public internet. */
export function isPublicIp(ip: string): boolean {
  const version = net.isIP(ip);
  if (version === 0) return false;
  return !nonPublic.check(ip, version === 4 ? 'ipv4' : 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(ip: string): number[] | undefined {
  if (net.isIPv6(ip) === false) return undefined;
  const [head = '', tail] = ip.split('::');
  const parts = (text: string) =>
    text === ''
      ? []
      : text.split(':').flatMap((part) => {
          // An embedded IPv4 tail (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two groups.
          if (!part.includes('.')) return [Number.parseInt(part, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = part.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const left = parts(head);
  const right = tail === undefined ? [] : parts(tail);
  const zeros = Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

/**
 * Privacy option VISITS_TRUNCATE_IP: IPv4 keeps its /24 (last octet zeroed), IPv6 its /48 — enough to tell
 * visitors' networks apart, not enough to name a household.
 */
export function truncateIp(ip: string): string {
  const address = normalizeIp(ip);
  if (net.isIPv4(address)) return address.replace(/\.\d{1,3}$/, '.0');
  const groups = ipv6Groups(address);
  if (!groups) return address;
  const kept = [...groups.slice(0, 3), 0, 0, 0, 0, 0].map((g) => g.toString(16)).join(':');
  // SocketAddress prints the canonical (RFC 5952) spelling, e.g. 2001:db8:1::.
  return new net.SocketAddress({ address: kept, family: 'ipv6' }).address;
}
