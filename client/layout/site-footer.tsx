import { css } from '@emotion/react';
import { Link } from 'react-router';
import { useOpenDialog } from '#client/state/dialogs.ts';
import { footerNav, site } from '#content/site.ts';

const footer = css`
  margin-top: var(--space-12);
  padding: var(--space-12) var(--space-4) var(--space-8);
  background: var(--color-surface);
  border-top: 1px solid var(--color-border);
  color: var(--color-muted);
`;

const columns = css`
  display: grid;
  gap: var(--space-8);
  grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
  max-width: var(--content-width);
  margin: 0 auto;
  h2 {
    font-size: 1rem;
    color: var(--color-text);
  }
  ul {
    margin: 0;
    padding: 0;
    list-style: none;
  }
  li {
    margin: var(--space-2) 0;
  }
  address {
    font-style: normal;
  }
  .contact-us {
    margin: var(--space-2) 0 0;
    padding: 0;
    border: 0;
    background: none;
    color: var(--color-link);
    font: inherit;
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
`;

// The office address opens in the visitor's maps app (a universal Maps URL works on phones and desktops).
const { street, city, region, postalCode } = site.contact.address;
const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${street}, ${city}, ${region} ${postalCode}`)}`;

export function SiteFooter() {
  const { contact, social } = site;
  const openDialog = useOpenDialog();
  return (
    <footer css={footer}>
      <div css={columns}>
        <div>
          <h2>{site.name}</h2>
          <p>{site.tagline}</p>
        </div>
        <nav aria-label="Company">
          <h2>Company</h2>
          <ul>
            {footerNav.company.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            {footerNav.legal.map((item) => (
              <li key={item.label}>
                <Link to={item.to}>{item.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2>Contact</h2>
          <address>
            <a href={`tel:${contact.phone}`}>{contact.phoneDisplay}</a>
            <br />
            <a href={`mailto:${contact.email}`}>{contact.email}</a>
            <br />
            <a href={mapsUrl} rel="noopener">
              {contact.address.street}
              <br />
              {contact.address.city}, {contact.address.region} {contact.address.postalCode}
            </a>
          </address>
          <button
            type="button"
            className="contact-us"
            aria-haspopup="dialog"
            onClick={() => openDialog({ kind: 'contact' })}
          >
            Contact us
          </button>
          <ul>
            <li>
              <a href={social.twitter} rel="noopener">
                Twitter
              </a>
            </li>
            <li>
              <a href={social.linkedin} rel="noopener">
                LinkedIn
              </a>
            </li>
            <li>
              <a href={social.facebook} rel="noopener">
                Facebook
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
