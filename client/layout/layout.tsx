import { css } from '@emotion/react';
import { Outlet } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

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
`;

/** Everything a visitor meets on every page. */
export function Layout() {
  return (
    <>
      <a css={skipLink} href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main css={main} id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
