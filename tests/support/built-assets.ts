import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

interface ManifestEntry {
  file: string;
  imports?: string[];
}

function readManifest(): Record<string, ManifestEntry> {
  const file = path.resolve('dist/client/.vite/manifest.json');
  if (!existsSync(file)) throw new Error('No production build in dist: run `npm run build` first');
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** The URL the production build serves the chunk of `source` (a path such as 'client/features/x.tsx') at. */
export function builtChunkUrl(source: string): string {
  const entry = readManifest()[source];
  if (!entry) throw new Error(`no chunk for ${source} in the build: run npm run build`);
  return `/${entry.file}`;
}

/** The largest script every page loads before hydrating: the entry or a chunk it imports (vite.config.ts). */
export function mainScriptUrl(): string {
  const manifest = readManifest();
  const entry = manifest['client/entry-client.tsx'];
  if (!entry) throw new Error('no entry chunk in the build: run npm run build');
  const files = [entry, ...(entry.imports ?? []).flatMap((key) => manifest[key] ?? [])].map(({ file }) => file);
  const size = (file: string) => statSync(path.resolve('dist/client', file)).size;
  const largest = files.reduce((a, b) => (size(b) > size(a) ? b : a));
  return `/${largest}`;
}

/**
 * Brings the built chunk of `source` into the page, then lets React render whatever was waiting for that code:
 * after this, a lazily loaded dialog that was on its way has arrived (with a paused clock, run it on too).
 */
export async function loadBuiltChunk(page: Page, source: string) {
  await page.evaluate(async (url) => {
    await import(url);
    // React renders in message-channel tasks, which a paused clock does not hold back.
    for (let i = 0; i < 3; i++) {
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      });
    }
  }, builtChunkUrl(source));
}
