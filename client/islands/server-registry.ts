import type { ComponentProps, ComponentType } from 'react';
import { LazyImage } from '#client/components/lazy-image.tsx';
import { RevocationForm } from '#client/features/consent/revocation-form.tsx';
import { CaseStudyList } from '#client/features/home/case-study-list.tsx';
import { Hero } from '#client/features/home/hero.tsx';
import { PricingTabs } from '#client/features/home/pricing-tabs.tsx';
import { MobileMenu } from '#client/layout/mobile-menu.tsx';
import { SiteHeader } from '#client/layout/site-header.tsx';
import { GoTo } from './go-to.tsx';
import { PageDialogs } from './page-dialogs.tsx';
import { PageEffects } from './page-effects.tsx';

/**
 * Every island by name, for the server's render (client/islands/island.tsx). The browser loads each from
 * `islandModules` (client/islands/browser-registry.ts), which must name the same islands.
 */
export const islandComponents = {
  'site-header': SiteHeader,
  'site-menu': MobileMenu,
  'page-dialogs': PageDialogs,
  'page-effects': PageEffects,
  hero: Hero,
  pricing: PricingTabs,
  'case-studies': CaseStudyList,
  cover: LazyImage,
  'revocation-form': RevocationForm,
  'go-to': GoTo,
} satisfies Record<string, ComponentType<never>>;

export type IslandName = keyof typeof islandComponents;
export type IslandProps<Name extends IslandName> = ComponentProps<(typeof islandComponents)[Name]>;
