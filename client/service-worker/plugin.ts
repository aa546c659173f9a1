import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** Emits /sw.js with the list of this build's files to precache and a version that changes with them. */
export function serviceWorker(): Plugin {
  return {
    name: 'porchlight-service-worker',
    apply: 'build',
    generateBundle(options, bundle) {
      if (this.environment.name !== 'client') return;
      const files = Object.keys(bundle)
        .filter((name) => name.startsWith('assets/') && /\.(js|css|woff2|svg|png|webp)$/.test(name))
        .sort()
        .map((name) => `/${name}`);
      const version = crypto.createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      const template = fs.readFileSync(path.join(import.meta.dirname, 'sw.js'), 'utf8');
      const source = template.replace('__VERSION__', version).replace('__PRECACHE__', JSON.stringify(files));
      void options;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}
