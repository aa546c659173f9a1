import fs from 'node:fs';
import path from 'node:path';
import {
  type EncodedBody,
  encodedBody,
  type HeaderList,
  type PreparedResponse,
  prepareResponse,
} from './encoded-body.ts';
import { CODED_FILE_SUFFIX } from './precompress-plugin.ts';

/** A built file kept in memory in every coding the build wrote for it. */
export interface BuiltAsset {
  body: EncodedBody;
  type: string;
}

/** Types of what Vite emits into assets/; anything else is left to the static file middleware. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
};

/** A video or a large image is better streamed from disk than held for the process's life. */
const MAX_FILE_BYTES = 2 * 1024 * 1024;

function readIfPresent(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/**
 * The hashed files of the browser build by URL path (`${urlPrefix}/name-hash.js`), with the brotli and gzip
 * copies the build wrote beside them (server/pages/precompress-plugin.ts). Read once at start-up: the build never
 * changes while the server runs, and together they are a few megabytes.
 */
export function loadBuiltAssets(dir: string, urlPrefix: string): Map<string, BuiltAsset> {
  const assets = new Map<string, BuiltAsset>();
  const codedSuffixes: string[] = Object.values(CODED_FILE_SUFFIX);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const type = TYPES[path.extname(entry.name)];
    if (!type || codedSuffixes.some((suffix) => entry.name.endsWith(suffix))) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (fs.statSync(file).size > MAX_FILE_BYTES) continue;
    const body = encodedBody(fs.readFileSync(file), {
      br: readIfPresent(`${file}${CODED_FILE_SUFFIX.br}`),
      gzip: readIfPresent(`${file}${CODED_FILE_SUFFIX.gzip}`),
    });
    const url = `${urlPrefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    assets.set(url, { body, type });
  }
  return assets;
}

/** Hashed names change with their content, so browsers may keep them for a year without asking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The built assets as responses ready to write, by URL path: `headers` (the site's security headers), their
 * type, a year's immutable caching, and each coding's length and tag. Another spelling of a name, or an unknown
 * one, is not here: the static file middleware answers those (404 for unknown asset names).
 */
export function builtAssetResponses(
  assets: Map<string, BuiltAsset>,
  headers: HeaderList,
): Map<string, PreparedResponse> {
  const responses = new Map<string, PreparedResponse>();
  for (const [url, asset] of assets) {
    responses.set(
      url,
      prepareResponse(200, asset.body, [...headers, ['Content-Type', asset.type], ['Cache-Control', IMMUTABLE]]),
    );
  }
  return responses;
}
