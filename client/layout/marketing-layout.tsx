import { Outlet } from 'react-router';
import { Island } from '#client/islands/island.tsx';
import { main, skipLink } from './layout-styles.ts';
import { SiteFooter } from './site-footer.tsx';
import { SpeculationRules } from './speculation-rules.tsx';
import { Splash } from './splash.tsx';

/**
 * Everything a visitor meets on every marketing page, rendered on the server. In the browser only the islands run
 * (docs/decisions/0020-marketing-pages-as-islands.md): the header, its menu drawer once opened, the page's dialogs,
 * and its effects.
 */
export function MarketingLayout() {
  return (
    <>
      <a css={skipLink} href="#main">
        Skip to content
      </a>
      <Island name="site-header" props={{}} />
      <Island name="site-menu" load="visible" props={{}} />
      <main css={main} id="main" tabIndex={-1} data-operator={false}>
        <Outlet />
      </main>
      <SiteFooter />
      <Island name="page-effects" props={{}} />
      <Island name="page-dialogs" props={{}} />
      <Splash />
      <SpeculationRules />
    </>
  );
}
