import { css } from '@emotion/react';
import { Outlet, useLocation } from 'react-router';
import { useLayoutHydrated } from '#client/components/hydration-signal.tsx';
import { Toaster } from '#client/components/toaster.tsx';
import { useAdPixel } from '#client/features/ad-pixel/use-ad-pixel.ts';
import { useOperatorRoute } from '#client/features/operator/operator-route.ts';
import { useIdlePrefetch, useRouteScrolling } from '#client/hooks/use-global-behaviours.ts';
import { useMobileHint } from '#client/hooks/use-mobile-hint.ts';
import { useVisitTracking } from '#client/hooks/use-visit-tracking.ts';
import { Island } from '#client/islands/island.tsx';
import { useSourceTagResolution } from '#client/state/source-tag-resolution.ts';
import { DialogHost } from './dialog-host.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { OperatorHeader } from './operator-header.tsx';
import { SiteFooter } from './site-footer.tsx';
import { Splash } from './splash.tsx';

const skipLink = css`
  position: absolute;
  left: var(--space-4);
  top: -4rem;
  z-index: 100;
  padding: var(--space-2) var(--space-4);
  background: var(--color-surface);
  border-radius: var(--radius);
  &:focus {
    top: var(--space-2);
  }
`;

const main = css`
  display: block;
  min-height: 60vh;
  padding-top: var(--header-height);
  &:focus {
    outline: none;
  }
  /* Below the operator pages' own bar, which scrolls with the page. */
  &[data-operator='true'] {
    padding-top: 0;
  }
`;

/**
 * Everything a visitor meets on every page. Operator pages (dashboards) keep a minimal background: a plain top
 * bar instead of the marketing header, no footer, no promotions.
 */
export function Layout() {
  const operator = useOperatorRoute();
  const { pathname } = useLocation();
  useRouteScrolling();
  useIdlePrefetch('/blogs');
  useMobileHint();
  useSourceTagResolution();
  useVisitTracking(pathname);
  useAdPixel({ enabled: !operator, pathname });
  useLayoutHydrated();
  return (
    <>
      <a css={skipLink} href="#main">
        Skip to content
      </a>
      {operator ? <OperatorHeader /> : <Island name="site-header" props={{ path: pathname }} />}
      <NavigationProgress />
      <main css={main} id="main" tabIndex={-1} data-operator={operator}>
        <Outlet />
      </main>
      {operator ? null : (
        <>
          <SiteFooter />
          <Island name="page-effects" load="idle" props={{ path: pathname }} />
        </>
      )}
      {operator ? (
        <>
          <Toaster />
          <DialogHost exitIntent={false} />
        </>
      ) : (
        <Island name="page-dialogs" props={{}} />
      )}
      <Splash />
    </>
  );
}
