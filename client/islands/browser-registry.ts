import type { ComponentType } from 'react';
import type { IslandName } from './server-registry.ts';

/** Each island's code, loaded when the island is due (client/islands/boot.tsx). */
// biome-ignore lint/suspicious/noExplicitAny: props come from the server's JSON, checked by the server's types.
export const islandModules: Record<IslandName, () => Promise<ComponentType<any>>> = {
  'site-header': () => import('./every-page-islands.ts').then((m) => m.SiteHeader),
  'site-menu': () => import('#client/layout/mobile-menu.tsx').then((m) => m.MobileMenu),
  'page-dialogs': () => import('./every-page-islands.ts').then((m) => m.PageDialogs),
  'page-effects': () => import('./every-page-islands.ts').then((m) => m.PageEffects),
  hero: () => import('#client/features/home/hero.tsx').then((m) => m.Hero),
  pricing: () => import('#client/features/home/pricing-tabs.tsx').then((m) => m.PricingTabs),
  'case-studies': () => import('#client/features/home/case-study-list.tsx').then((m) => m.CaseStudyList),
  cover: () => import('#client/components/lazy-image.tsx').then((m) => m.LazyImage),
  'revocation-form': () => import('#client/features/consent/revocation-form.tsx').then((m) => m.RevocationForm),
  'go-to': () => import('./go-to.tsx').then((m) => m.GoTo),
};
