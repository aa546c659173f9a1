import type { ReactNode } from 'react';
import { preload } from 'react-dom';
import { JsonScript } from '#client/components/json-script.tsx';
import { bootScript } from '#client/styles/boot-script.ts';
import { BRAND_FONT_URL } from '#client/styles/brand-font.ts';
import { GlobalStyles } from '#client/styles/global-styles.tsx';
import { site } from '#content/site.ts';
import type { PublicConfig } from '#shared/public-config.ts';
import type { StoredTheme } from '#shared/theme-cookie.ts';
import { NonceContext } from './nonce.tsx';
import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfigContext } from './public-config.tsx';

interface DocumentProps {
  nonce: string;
  publicConfig: PublicConfig;
  theme: StoredTheme | undefined;
  children: ReactNode;
}

/** The whole HTML document, rendered on the server and hydrated in the browser. */
export function Document({ nonce, publicConfig, theme, children }: DocumentProps) {
  // The first screen's text is set in it: fetched alongside the styles rather than once they are parsed.
  preload(BRAND_FONT_URL, { as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' });
  return (
    // The theme comes set from the server, so that the first paint has it (client/styles/boot-script.ts sets the rest).
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#fbfaf7" media="(prefers-color-scheme: light)" />
        <meta name="theme-color" content="#14130f" media="(prefers-color-scheme: dark)" />
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="alternate" type="application/rss+xml" title={`${site.name} blog`} href="/feed.xml" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootScript }} />
        <GlobalStyles nonce={nonce} />
      </head>
      <body>
        <NonceContext value={nonce}>
          <PublicConfigContext value={publicConfig}>{children}</PublicConfigContext>
          <JsonScript id={PUBLIC_CONFIG_ELEMENT_ID} type="application/json" data={publicConfig} />
        </NonceContext>
      </body>
    </html>
  );
}
