import { readFileSync } from 'node:fs';
import path from 'node:path';

interface ManifestEntry {
  file: string;
}

/** The URL the production build serves the chunk of `source` (a path such as 'client/features/x.tsx') at. */
export function builtChunkUrl(source: string): string {
  const manifest: Record<string, ManifestEntry> = JSON.parse(
    readFileSync(path.resolve('dist/client/.vite/manifest.json'), 'utf8'),
  );
  const entry = manifest[source];
  if (!entry) throw new Error(`no chunk for ${source} in the build: run npm run build`);
  return `/${entry.file}`;
}
