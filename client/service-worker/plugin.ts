import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The offline page and its stylesheet (in the public folder): precached, and served from the cache. */
export const OFFLINE_FILES = ['/offline.html', '/offline.css'];

/** Emits /sw.js with the list of this build's files to precache and a version that changes with them. */
export function serviceWorker(): Plugin {
  let publicDir = '';
  return {
    name: 'porchlight-service-worker',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== 'client') return;
      const assets = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && /\.(js|css|woff2|svg|png|webp)$/.test(name))
        .sort()
        .map((name) => `/${name}`);
      // Hashed names change with their content; the offline files keep their names, so their content counts.
      const hash = crypto.createHash('sha256').update(assets.join('\n'));
      for (const file of OFFLINE_FILES) hash.update(fs.readFileSync(path.join(publicDir, file)));
      const version = hash.digest('hex').slice(0, 12);
      const template = fs.readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');
      const source = template
        .replace('__VERSION__', version)
        .replace('__PRECACHE__', JSON.stringify([...assets, ...OFFLINE_FILES]));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
