import { css } from '@emotion/react';
import { Link } from 'react-router';
import { mainNav, site } from '#content/site.ts';

const header = css`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 50;
  height: var(--header-height);
  background: var(--color-surface);
  border-bottom: 1px solid var(--color-border);
`;

const bar = css`
  display: flex;
  align-items: center;
  gap: var(--space-6);
  max-width: var(--content-width);
  height: 100%;
  margin: 0 auto;
  padding: 0 var(--space-4);
`;

const logo = css`
  font-weight: 800;
  font-size: 1.25rem;
  color: var(--color-text);
  text-decoration: none;
`;

const nav = css`
  display: none;
  @media (min-width: 768px) {
    display: block;
  }
  ul {
    display: flex;
    gap: var(--space-4);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    color: var(--color-text);
    text-decoration: none;
    font-size: 0.9375rem;
  }
  a:hover {
    text-decoration: underline;
  }
`;

export function SiteHeader() {
  return (
    <header css={header}>
      <div css={bar}>
        <Link css={logo} to="/" aria-label={`${site.name} home`}>
          {site.name}
        </Link>
        <nav css={nav} aria-label="Main">
          <ul>
            {mainNav.map((item) => (
              <li key={item.label}>
                <Link to={'section' in item ? `/#${item.section}` : item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
