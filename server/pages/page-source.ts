import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express, { type RequestHandler } from 'express';
import type {
  BrowserEntry,
  discovery,
  indexablePages,
  matchesNoPage,
  PageScripts,
  Render,
} from '#client/entry-server.tsx';
import { EVERY_PAGE_ISLANDS, ISLANDS_AT_ONCE } from '#shared/islands-at-once.ts';
import { type BuiltAsset, loadBuiltAssets } from './built-assets.ts';

/** What the server uses of the built server entry (client/entry-server.tsx). */
export interface ServerModule {
  render: Render;
  /** Sitemap, feed and manifest, built from the content compiled into the bundle. */
  discovery: typeof discovery;
  /** The sitemap's pages: those kept in the page cache (server/pages/page-warmer.ts). */
  indexablePages: typeof indexablePages;
  matchesNoPage: typeof matchesNoPage;
}

/** Where page HTML and browser assets come from: the production build, or Vite in development. */
export interface PageSource {
  /** Static files (production) or Vite's middleware (development), mounted before the API. */
  assets: RequestHandler;
  /** The build's hashed assets in memory with their compressed copies (production), served ahead of the rest. */
  builtAssets?: Map<string, BuiltAsset>;
  render(): Promise<Render>;
  /** The whole server entry; in development reloaded with the code, like `render`. */
  serverModule(): Promise<ServerModule>;
  /** The scripts of a page (client/entry-server.tsx `RenderOptions`). */
  scriptsFor(routeIds: string[], entry: BrowserEntry): PageScripts;
  close(): Promise<void>;
}

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

const ROOT = path.resolve(import.meta.dirname, '../..');
export const DIST_DIR = path.join(ROOT, 'dist');
/** The browser entries: the marketing pages' islands, and the operator pages' app. */
const ENTRIES: Record<BrowserEntry, string> = { islands: 'client/entry-islands.tsx', app: 'client/entry-client.tsx' };
const routeModule = (id: string) => `client/routes/${id}.tsx`;

/** Serves the build in `dist/`: hashed assets immutable, entry and route chunks from Vite's manifest. */
export async function productionPages(distDir = DIST_DIR): Promise<PageSource> {
  const clientDir = path.join(distDir, 'client');
  const manifestFile = path.join(clientDir, '.vite', 'manifest.json');
  const serverEntry = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(manifestFile) || !fs.existsSync(serverEntry)) {
    throw new Error(`No production build in ${distDir}: run \`npm run build\` first`);
  }
  const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const serverModule: ServerModule = await import(pathToFileURL(serverEntry).href);

  for (const entry of Object.values(ENTRIES)) {
    if (!manifest[entry]) throw new Error(`${entry} is missing from the build manifest`);
  }

  function chunkFiles(key: string, into: Set<string>) {
    const chunk = manifest[key];
    if (!chunk || into.has(`/${chunk.file}`)) return;
    into.add(`/${chunk.file}`);
    for (const imported of chunk.imports ?? []) chunkFiles(imported, into);
  }
  const scriptsCache = new Map<string, PageScripts>();

  const assets = express.Router();
  // Hashed names change with their content, so browsers may keep them for a year. Those the build emitted are
  // served from memory (builtAssets); this answers other spellings of their names, and 404 for unknown ones.
  assets.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false, index: false }),
  );
  assets.use(
    express.static(clientDir, {
      index: false,
      maxAge: '1h',
      // The service worker must be revalidated on every visit so that a new build takes over.
      setHeaders: (res, file) => {
        if (path.basename(file) === 'sw.js') res.setHeader('Cache-Control', 'no-cache');
      },
    }),
  );

  return {
    assets,
    builtAssets: loadBuiltAssets(path.join(clientDir, 'assets'), '/assets'),
    render: async () => serverModule.render,
    serverModule: async () => serverModule,
    scriptsFor(routeIds, entryName) {
      const key = `${entryName}:${routeIds.join(',')}`;
      let scripts = scriptsCache.get(key);
      if (!scripts) {
        const entry = ENTRIES[entryName];
        const set = new Set<string>();
        chunkFiles(entry, set);
        // Each entry imports these at once, only later in its run (client/entry-client.tsx, entry-islands.tsx).
        // Its other dynamic imports are the islands, each when it is due, or the operator pages, each when it is
        // visited: of those, only the islands a page hydrates at once and the operator page's own route are fetched
        // ahead.
        for (const imported of manifest[entry]?.dynamicImports ?? []) {
          if (imported.includes('node_modules/')) chunkFiles(imported, set);
        }
        if (entryName === 'islands') {
          chunkFiles(EVERY_PAGE_ISLANDS, set);
          for (const id of routeIds) for (const island of ISLANDS_AT_ONCE[id] ?? []) chunkFiles(island, set);
        }
        // The app loads the routes' modules before hydrating; an island page loads its islands' when they are due.
        if (entryName === 'app') for (const id of routeIds) chunkFiles(routeModule(id), set);
        scripts = { modules: [`/${manifest[entry]?.file}`], preloads: [...set] };
        scriptsCache.set(key, scripts);
      }
      return scripts;
    },
    close: async () => {},
  };
}

/** Vite in middleware mode: modules compiled on request, server code reloaded on every page load. */
export async function developmentPages(): Promise<PageSource> {
  const { createServer } = await import('vite');
  const vite = await createServer({ root: ROOT, server: { middlewareMode: true }, appType: 'custom' });
  return {
    assets: vite.middlewares,
    async render() {
      const module = await vite.ssrLoadModule('/client/entry-server.tsx');
      const render: Render = module.render;
      return render;
    },
    async serverModule() {
      const module = await vite.ssrLoadModule('/client/entry-server.tsx');
      return {
        render: module.render,
        discovery: module.discovery,
        indexablePages: module.indexablePages,
        matchesNoPage: module.matchesNoPage,
      };
    },
    scriptsFor: (_routeIds, entry) => ({ modules: ['/@vite/client', `/${ENTRIES[entry]}`], preloads: [] }),
    close: () => vite.close(),
  };
}
