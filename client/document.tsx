import type { ReactNode } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';
import { PUBLIC_CONFIG_ELEMENT_ID, PublicConfigContext, serializeForScript } from './public-config.tsx';
import { bootScript } from './styles/boot-script.ts';
import { GlobalStyles } from './styles/global-styles.tsx';

interface DocumentProps {
  nonce: string;
  publicConfig: PublicConfig;
  children: ReactNode;
}

/** The whole HTML document, rendered on the server and hydrated in the browser. */
export function Document({ nonce, publicConfig, children }: DocumentProps) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: bootScript }} />
      </head>
      <body>
        <GlobalStyles />
        <PublicConfigContext value={publicConfig}>{children}</PublicConfigContext>
        <script
          id={PUBLIC_CONFIG_ELEMENT_ID}
          type="application/json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: serializeForScript(publicConfig) }}
        />
      </body>
    </html>
  );
}
