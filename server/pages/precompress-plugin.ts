import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The file beside a built asset holding it in a content coding: `<file>.br`, `<file>.gz`. */
export const CODED_FILE_SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** Text formats Vite emits; images and fonts are compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest|wasm)$/;

/** Below one packet, compression saves nothing a browser would notice. */
const MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes the best brotli (quality 11) and gzip (level 9) copies of `file` beside it, each only when smaller.
 * Done once per build, so it can afford the slowest settings: brotli 11 takes about a second on the main script.
 */
export async function compressFile(file: string): Promise<void> {
  const identity = await fs.readFile(file);
  if (identity.length < MIN_BYTES) return;
  const [br, gz] = await Promise.all([
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < identity.length) await fs.writeFile(`${file}${CODED_FILE_SUFFIX.br}`, br);
  if (gz.length < identity.length) await fs.writeFile(`${file}${CODED_FILE_SUFFIX.gzip}`, gz);
}

/** Compresses the browser build's hashed assets once, at build time; the server sends those bytes as they are. */
export function precompress(): Plugin {
  return {
    name: 'porchlight-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      if (this.environment.name !== 'client' || !options.dir) return;
      const dir = options.dir;
      const files = Object.keys(bundle).filter((name) => name.startsWith('assets/') && COMPRESSIBLE.test(name));
      await Promise.all(files.map((name) => compressFile(path.join(dir, name))));
    },
  };
}
