import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { footerNav, site } from '#content/site.ts';
import { Logo } from './site-header.tsx';
import { SocialLinks } from './social-links.tsx';

// The year the site was built (vite.config.ts): the server's render and the browser's read the same number, so the
// page hydrates without a mismatch, and no render reads a clock. Outside a build (unit tests) there is none.
declare const __BUILD_YEAR__: number | undefined;
const COPYRIGHT_YEAR = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : undefined;
const copyright = ['©', COPYRIGHT_YEAR, `${site.name}. All rights reserved.`].filter(Boolean).join(' ');

// Phones: the brand, then Company and Legal side by side, then Contact. Wider: the brand beside three columns.
const TWO_COLUMNS_MEDIA = '(min-width: 30rem)';
const FOUR_COLUMNS_MEDIA = '(min-width: 56rem)';

const footer = css`
  margin-top: var(--space-12);
  padding: var(--space-12) var(--space-4) var(--space-8);
  background: var(--color-surface);
  border-top: 1px solid var(--color-border);
  color: var(--color-muted);
  font-size: 0.9375rem;
`;

const inner = css`
  max-width: var(--content-width);
  margin: 0 auto;
`;

const columns = css`
  display: grid;
  gap: var(--space-8) var(--space-6);
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  grid-template-areas:
    'brand brand'
    'company legal'
    'contact contact';
  @media ${TWO_COLUMNS_MEDIA} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    grid-template-areas:
      'brand brand brand'
      'company legal contact';
  }
  @media ${FOUR_COLUMNS_MEDIA} {
    grid-template-columns: minmax(0, 1.5fr) repeat(3, minmax(0, 1fr));
    grid-template-areas: 'brand company legal contact';
  }
  h2 {
    margin: 0 0 var(--space-4);
    color: var(--color-text);
    font-size: 0.9375rem;
    letter-spacing: 0;
  }
  nav ul,
  address ul {
    display: grid;
    gap: var(--space-3);
    margin: 0;
    padding: 0;
    list-style: none;
  }
  nav a,
  address a,
  .contact-us {
    color: var(--color-muted);
    text-decoration: none;
    line-height: 1.5;
  }
  nav a:hover,
  address a:hover,
  .contact-us:hover {
    color: var(--color-text);
    text-decoration: underline;
  }
  address {
    font-style: normal;
  }
  .contact-us {
    padding: 0;
    border: 0;
    background: none;
    font: inherit;
    cursor: pointer;
  }
`;

const brand = css`
  grid-area: brand;
  display: grid;
  gap: var(--space-4);
  justify-items: start;
  max-width: 22rem;
  .name {
    display: inline-flex;
    align-items: center;
    gap: var(--space-2);
    color: var(--color-text);
    font-weight: 800;
    font-size: 1.25rem;
    letter-spacing: -0.01em;
  }
  .name svg {
    width: 1.75rem;
    height: 1.75rem;
  }
  p {
    margin: 0;
  }
`;

const bottom = css`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: var(--space-2) var(--space-6);
  margin-top: var(--space-12);
  padding-top: var(--space-6);
  border-top: 1px solid var(--color-border);
  font-size: 0.875rem;
  p {
    margin: 0;
  }
`;

// The office address opens in the visitor's maps app (a universal Maps URL works on phones and desktops).
const { street, city, region, postalCode } = site.contact.address;
const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${street}, ${city}, ${region} ${postalCode}`)}`;

export function SiteFooter() {
  const { contact } = site;
  return (
    <footer css={footer}>
      <div css={inner}>
        <div css={columns}>
          <div css={brand}>
            <span className="name">
              <Logo />
              {site.name}
            </span>
            <p>{site.tagline}</p>
            <SocialLinks />
          </div>
          <nav aria-label="Company" css={{ gridArea: 'company' }}>
            <h2>Company</h2>
            <ul>
              {footerNav.company.map((item) => (
                <li key={item.label}>
                  <a href={item.to}>{item.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Legal" css={{ gridArea: 'legal' }}>
            <h2>Legal</h2>
            <ul>
              {footerNav.legal.map((item) => (
                <li key={item.label}>
                  <a href={item.to}>{item.label}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div css={{ gridArea: 'contact' }}>
            <h2>Contact</h2>
            <address>
              <ul>
                <li>
                  <a href={`tel:${contact.phone}`}>{contact.phoneDisplay}</a>
                </li>
                <li>
                  <a href={`mailto:${contact.email}`}>{contact.email}</a>
                </li>
                <li>
                  <a href={mapsUrl} rel="noopener">
                    {street}
                    <br />
                    {city}, {region} {postalCode}
                  </a>
                </li>
                <li>
                  <button
                    type="button"
                    className="contact-us"
                    aria-haspopup="dialog"
                    {...opensDialog({ kind: 'contact' })}
                  >
                    Contact us
                  </button>
                </li>
              </ul>
            </address>
          </div>
        </div>
        <div css={bottom}>
          <p>{copyright}</p>
        </div>
      </div>
    </footer>
  );
}
