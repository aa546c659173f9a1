import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as StateProvider } from 'jotai';
import type { ReactNode } from 'react';
import { preloadModule } from 'react-dom';
import type { PublicConfig } from '#shared/public-config.ts';
import { Document } from './document.tsx';

/** React 19 hoists these into <head> as modulepreload links. */
function Preloads({ hrefs }: { hrefs: string[] }) {
  for (const href of hrefs) preloadModule(href, { as: 'script' });
  return null;
}

interface AppProvidersProps {
  nonce: string;
  /** Chunks of the matched pages, preloaded by the server render (the browser passes none). */
  preloads?: string[];
  publicConfig: PublicConfig;
  emotionCache: EmotionCache;
  children: ReactNode;
}

/** The same tree on the server and in the browser, so hydration matches. */
export function AppProviders({ nonce, publicConfig, emotionCache, preloads = [], children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      {/* One store per render: on the server, state never leaks between requests. */}
      <StateProvider>
        <Document nonce={nonce} publicConfig={publicConfig}>
          {/* Rendered on both sides: the tree must match for useId to agree after hydration. */}
          <Preloads hrefs={preloads} />
          {children}
        </Document>
      </StateProvider>
    </CacheProvider>
  );
}

// Emotion only moves server-rendered <style> tags out of React's way for the 'css' key.
export const EMOTION_KEY = 'css';
