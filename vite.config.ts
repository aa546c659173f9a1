import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorker } from './client/service-worker/plugin.ts';
import { brandFont } from './client/styles/brand-font-plugin.ts';
import { content } from './content/vite-plugin.ts';
import { precompress } from './server/precompress-plugin.ts';

// One config for the browser build (dist/client) and the server-rendering build (dist/server).
export default defineConfig(({ isSsrBuild }) => ({
  publicDir: 'client/public',
  plugins: [content(), brandFont(), react({ jsxImportSource: '@emotion/react' }), serviceWorker(), precompress()],
  // Build-time packages: the server render takes what it uses into its bundle, so production needs none of them.
  ssr: { noExternal: ['simple-icons'] },
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
        rollupOptions: { input: 'client/entry-client.tsx' },
      },
}));
