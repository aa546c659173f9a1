import { css } from '@emotion/react';
import { Link } from 'react-router';
import { site } from '#content/site.ts';
import { Logo } from './site-header.tsx';
import { ThemeToggle } from './theme-toggle.tsx';

const header = css`
  border-bottom: 1px solid var(--color-border);
  background: var(--color-surface);
  .bar {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-3);
    max-width: var(--content-width);
    min-height: 3.5rem;
    margin: 0 auto;
    padding: var(--space-1) var(--space-4);
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: var(--space-2);
    min-height: 2.75rem;
    color: var(--color-text);
    font-weight: 800;
    text-decoration: none;
  }
  svg {
    width: 1.5rem;
    height: 1.5rem;
  }
`;

/**
 * The operator pages' quiet top bar: the way back to the site and the theme, without the marketing
 * navigation and calls to action, which have no place beside a dashboard.
 */
export function OperatorHeader() {
  return (
    <header css={header}>
      <div className="bar">
        {/* A new document: the site's pages need a wider CSP than the operator pages get (server/http/security.ts). */}
        <Link to="/" reloadDocument aria-label={`${site.name} home`}>
          <Logo />
          {site.name}
        </Link>
        <ThemeToggle />
      </div>
    </header>
  );
}
