import { expect, test } from 'vitest';
import { sharedGeoLocator, UNKNOWN_LOCATION } from './geo-locator.ts';

// The real offline database shipped in node_modules; no network is involved.
const geo = sharedGeoLocator();

test('a public IPv4 address is placed by the database', async () => {
  const place = await geo.locate('8.8.8.8');
  expect(place).toMatchObject({ country: 'US', region: 'California', city: 'Mountain View' });
  expect(place.latitude).toBeCloseTo(37.42, 1);
  expect(place.longitude).toBeCloseTo(-122.08, 1);
});

test('an IPv4-mapped address is looked up as IPv4', async () => {
  expect((await geo.locate('::ffff:8.8.8.8')).country).toBe('US');
});

test('a public IPv6 address is looked up in the IPv6 file', async () => {
  const place = await geo.locate('2001:4860:4860::8888');
  expect(place.country).toMatch(/^[A-Z]{2}$/);
  expect(place.city).not.toBe('Unknown');
});

test.each(['10.0.0.1', '127.0.0.1', '::1', '::ffff:127.0.0.1', 'fe80::1', 'garbage'])(
  '%s is Unknown with no coordinates',
  async (ip) => {
    expect(await geo.locate(ip)).toEqual(UNKNOWN_LOCATION);
  },
);

test('the locator is shared across callers', () => {
  expect(sharedGeoLocator()).toBe(geo);
});
