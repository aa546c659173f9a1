import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as StateProvider } from 'jotai';
import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';
import { Document } from './document.tsx';

interface AppProvidersProps {
  nonce: string;
  publicConfig: PublicConfig;
  emotionCache: EmotionCache;
  children: ReactNode;
}

/** The same tree on the server and in the browser, so hydration matches. */
export function AppProviders({ nonce, publicConfig, emotionCache, children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      {/* One store per render: on the server, state never leaks between requests. */}
      <StateProvider>
        <Document nonce={nonce} publicConfig={publicConfig}>
          {children}
        </Document>
      </StateProvider>
    </CacheProvider>
  );
}

export { EMOTION_KEY } from '#client/styles/emotion-key.ts';
