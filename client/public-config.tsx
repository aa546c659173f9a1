import { createContext, use } from 'react';
import type { PublicConfig } from '#shared/public-config.ts';

export const PublicConfigContext = createContext<PublicConfig | null>(null);

export function usePublicConfig(): PublicConfig {
  const config = use(PublicConfigContext);
  if (!config) throw new Error('usePublicConfig must be used inside PublicConfigContext');
  return config;
}

export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/** JSON that is safe inside a <script> element. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
