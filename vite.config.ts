import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './client/service-worker/plugin.ts';
import { brandFont } from './client/styles/brand-font-plugin.ts';
import { content } from './content/vite-plugin.ts';
import { precompress } from './server/pages/precompress-plugin.ts';
import { EVERY_PAGE_ISLANDS } from './shared/islands-at-once.ts';

const ENTRY = 'client/entry-client.tsx';
const ISLANDS_ENTRY = 'client/entry-islands.tsx';
/** The chunks (named below) that every page runs as it boots, whose functions are nearly all called then. */
const COMPILED_AT_ONCE = new Set([
  'entry-islands',
  'entry-client',
  'islands',
  'page-islands',
  'framework',
  'react-dom-client',
]);

// The year the site is built in, for the footer's © line: both builds take the same number, so the server's render
// and the browser's agree. `npm run build` pins SOURCE_DATE_EPOCH for its two builds (a reproducible build sets it
// itself); without it, the build machine's clock.
const epoch = Number(process.env.SOURCE_DATE_EPOCH);
const BUILD_YEAR = (Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date()).getUTCFullYear();

// One config for the browser build (dist/client) and the server-rendering build (dist/server).
export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'client/public',
  plugins: [content(), brandFont(), react({ jsxImportSource: '@emotion/react' }), serviceWorker(), precompress()],
  define: { __BUILD_YEAR__: JSON.stringify(BUILD_YEAR) },
  // Build-time packages: the server render takes what it uses into its bundle, so production needs none of them.
  ssr: { noExternal: ['simple-icons', '@mdi/js'] },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        rollupOptions: { input: 'client/entry-server.tsx' },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        // The server lists what a page loads first as modulepreload links (scriptsFor, client/entry-server.tsx).
        // Vite's helper would add one more link per chunk an island imports, each costing the main thread while
        // the page boots; an island due later fetches its own imports instead.
        modulePreload: false,
        rolldownOptions: {
          input: [ISLANDS_ENTRY, ENTRY],
          // What every page runs before hydrating (React, the router, the layout) in one chunk, not twenty small
          // ones shared with lazy pages: each request costs a round trip on a slow phone network. The entry stays
          // out of it: it awaits the page's lazy modules, which import this chunk, and must not be inside it. So does
          // React DOM's client, which the entry imports later in its run (client/entry-client.tsx). Its code goes in
          // a chunk of its own, and the call that runs it in the small chunk the entry imports: a browser with
          // DevTools attached then re-parses only React DOM for the stacks of the errors it creates, not the chunk.
          output: {
            // Chromium compiles a chunk marked so on the thread that streams it in, not function by function on the
            // main thread as each is first called: React DOM's evaluation and the first hydrations were mostly
            // that (docs/decisions/0022-compile-hints.md). Only the chunks every page runs at once; after
            // minification, which would drop the comment.
            postBanner: (chunk) => (COMPILED_AT_ONCE.has(chunk.name) ? '//# allFunctionsCalledOnLoad' : ''),
            codeSplitting: {
              groups: [
                // The islands' loader and what every island shares with it, in one chunk rather than ten small ones.
                {
                  name: 'islands',
                  priority: 1,
                  test: /\/client\/(islands\/(boot|island-context|island-load|browser-registry|dialog-triggers|page-store)|nonce|public-config|lib\/(lay-out-when-idle|register-service-worker|smooth-scroll|prefetch-page))\.tsx?$/,
                },
                // The islands on every marketing page and everything they import (the group takes a module's
                // imports with it), in one chunk the server preloads with the entry.
                {
                  name: 'page-islands',
                  priority: 1,
                  test: (id) => id.endsWith(`/${EVERY_PAGE_ISLANDS}`),
                },
                // What every island's root needs, in one chunk rather than a dozen small ones (each a request).
                {
                  name: 'framework',
                  priority: 1,
                  test: /\/node_modules\/(react\/|react-dom\/(index|cjs\/react-dom\.)|@emotion\/|jotai\/|stylis\/|hoist-non-react-statics\/)/,
                },
                {
                  name: 'react-dom-client',
                  priority: 2,
                  includeDependenciesRecursively: false,
                  test: /\/node_modules\/(react-dom\/cjs\/react-dom-client\.|scheduler\/)/,
                },
              ],
            },
          },
        },
      },
}));
