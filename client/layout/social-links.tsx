import { css } from '@emotion/react';
// Named imports: the build keeps these icons' paths and drops the rest of each set. Simple Icons (CC0) has X and
// Facebook but no longer LinkedIn, which Material Design Icons (Apache-2.0) has.
import { mdiLinkedin } from '@mdi/js';
import { siFacebook, siX } from 'simple-icons';
import { site } from '#content/site.ts';

// Simple Icons fill a 24 px square edge to edge; Material Design Icons leave 3 px around theirs, cropped here so
// the three marks come out the same size.
const LINKS = [
  { name: 'X (Twitter)', href: site.social.twitter, path: siX.path, viewBox: '0 0 24 24' },
  { name: 'LinkedIn', href: site.social.linkedin, path: mdiLinkedin, viewBox: '2.5 2.5 19 19' },
  { name: 'Facebook', href: site.social.facebook, path: siFacebook.path, viewBox: '0 0 24 24' },
] as const;

const list = css`
  display: flex;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
  a {
    position: relative;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 2.75rem;
    height: 2.75rem;
    border: 1px solid var(--color-border);
    border-radius: 999px;
    color: var(--color-text);
    transition:
      background-color 120ms,
      border-color 120ms;
  }
  a:hover {
    border-color: var(--color-border-strong);
    background: var(--color-bg-muted);
  }
  svg {
    width: 1.125rem;
    height: 1.125rem;
    fill: currentColor;
  }
`;

/** The company's social profiles as their brands' marks, each link named for a screen reader. */
export function SocialLinks() {
  return (
    <ul css={list}>
      {LINKS.map((link) => (
        <li key={link.name}>
          <a href={link.href} rel="noopener">
            <svg viewBox={link.viewBox} aria-hidden="true" focusable="false">
              <path d={link.path} />
            </svg>
            <span className="visually-hidden">
              {site.name} on {link.name}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
