import { expect, test } from 'vitest';
import { isPublicIp, normalizeIp, truncateIp } from './ip-address.ts';

test('an IPv4-mapped IPv6 address is spelled as IPv4', () => {
  expect(normalizeIp('::ffff:8.8.8.8')).toBe('8.8.8.8');
  expect(normalizeIp('::FFFF:127.0.0.1')).toBe('127.0.0.1');
  expect(normalizeIp('2001:4860:4860::8888')).toBe('2001:4860:4860::8888');
});

test.each([
  '10.0.0.1',
  '127.0.0.1',
  '192.168.1.20',
  '172.16.5.4',
  '100.64.0.1',
  '169.254.1.1',
  '::1',
  'fe80::1',
  'fd00::1',
])('%s is not public', (ip) => {
  expect(isPublicIp(ip)).toBe(false);
});

test.each(['8.8.8.8', '81.2.69.160', '2001:4860:4860::8888'])('%s is public', (ip) => {
  expect(isPublicIp(ip)).toBe(true);
});

test('text that is not an address is not public', () => {
  expect(isPublicIp('')).toBe(false);
  expect(isPublicIp('not-an-ip')).toBe(false);
});

test('truncation keeps an IPv4 /24 and an IPv6 /48', () => {
  expect(truncateIp('203.0.113.77')).toBe('203.0.113.0');
  expect(truncateIp('::ffff:8.8.4.4')).toBe('8.8.4.0');
  expect(truncateIp('2001:4860:4860::8888')).toBe('2001:4860:4860::');
  expect(truncateIp('2a02:c7f:1234:5678:9abc::1')).toBe('2a02:c7f:1234::');
  expect(truncateIp('2001:0:0:1::1')).toBe('2001::');
  expect(truncateIp('::1')).toBe('::');
  expect(truncateIp('64:ff9b::1.2.3.4')).toBe('64:ff9b::');
});
