import type { ComponentType } from 'react';
import type { IslandName } from './server-registry.ts';

/** Each island's code, loaded when the island is due (client/islands/boot.tsx). */
// biome-ignore lint/suspicious/noExplicitAny: props come from the server's JSON, checked by the server's types.
export const islandModules: Record<IslandName, () => Promise<ComponentType<any>>> = {
  'site-header': () => import('#client/layout/site-header.tsx').then((m) => m.SiteHeader),
  'page-dialogs': () => import('./page-dialogs.tsx').then((m) => m.PageDialogs),
};
