import { CacheProvider, type EmotionCache } from '@emotion/react';
import { Provider as StateProvider } from 'jotai';
import type { ReactNode } from 'react';
import { ThemeChoiceFrom } from '#client/layout/theme-choice.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { StoredTheme } from '#shared/theme-cookie.ts';
import { Document } from './document.tsx';

interface AppProvidersProps {
  nonce: string;
  publicConfig: PublicConfig;
  emotionCache: EmotionCache;
  /** The visitor's chosen theme, from the request's cookie (shared/theme-cookie.ts). */
  theme: StoredTheme | undefined;
  children: ReactNode;
}

/** The same tree on the server and in the browser, so hydration matches. */
export function AppProviders({ nonce, publicConfig, emotionCache, theme, children }: AppProvidersProps) {
  return (
    <CacheProvider value={emotionCache}>
      {/* One store per render: on the server, state never leaks between requests. */}
      <StateProvider>
        <ThemeChoiceFrom theme={theme}>
          <Document nonce={nonce} publicConfig={publicConfig} theme={theme}>
            {children}
          </Document>
        </ThemeChoiceFrom>
      </StateProvider>
    </CacheProvider>
  );
}

export { EMOTION_KEY } from '#client/styles/emotion-key.ts';
