import { Outlet } from 'react-router';
import { useLayoutHydrated } from '#client/components/hydration-signal.tsx';
import { Toaster } from '#client/components/toaster.tsx';
import { useRouteScrolling } from '#client/hooks/use-global-behaviours.ts';
import { useMobileHint } from '#client/hooks/use-mobile-hint.ts';
import { DialogHost } from './dialog-host.tsx';
import { main, skipLink } from './layout-styles.ts';
import { NavigationProgress } from './navigation-progress.tsx';
import { OperatorHeader } from './operator-header.tsx';
import { Splash } from './splash.tsx';

/**
 * The operator pages' layout (dashboards), the root of their small app: a plain top bar instead of the marketing
 * header, no footer, no promotions, no exit intent, no ad pixel.
 */
export function OperatorLayout() {
  useRouteScrolling();
  useMobileHint();
  useLayoutHydrated();
  return (
    <>
      <a css={skipLink} href="#main">
        Skip to content
      </a>
      <OperatorHeader />
      <NavigationProgress />
      <main css={main} id="main" tabIndex={-1} data-operator={true}>
        <Outlet />
      </main>
      <Toaster />
      <DialogHost exitIntent={false} />
      <Splash />
    </>
  );
}
