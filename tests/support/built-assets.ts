import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

interface ManifestEntry {
  file: string;
}

/** The URL the production build serves the chunk of `source` (a path such as 'client/features/x.tsx') at. */
export function builtChunkUrl(source: string): string {
  const file = path.resolve('dist/client/.vite/manifest.json');
  if (!existsSync(file)) throw new Error('No production build in dist: run `npm run build` first');
  const manifest: Record<string, ManifestEntry> = JSON.parse(readFileSync(file, 'utf8'));
  const entry = manifest[source];
  if (!entry) throw new Error(`no chunk for ${source} in the build: run npm run build`);
  return `/${entry.file}`;
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
