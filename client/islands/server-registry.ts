import type { ComponentProps, ComponentType } from 'react';
import { SiteHeader } from '#client/layout/site-header.tsx';
import { PageDialogs } from './page-dialogs.tsx';

/**
 * Every island by name, for the server's render (client/islands/island.tsx). The browser loads each from
 * `islandModules` (client/islands/browser-registry.ts), which must name the same islands.
 */
export const islandComponents = {
  'site-header': SiteHeader,
  'page-dialogs': PageDialogs,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islandComponents;
export type IslandProps<Name extends IslandName> = ComponentProps<(typeof islandComponents)[Name]>;
