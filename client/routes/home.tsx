import { css } from '@emotion/react';
import { Link } from 'react-router';
import { site } from '#content/site.ts';
import { Seo } from '../components/seo.tsx';

const hero = css`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: var(--space-12) var(--space-4);
  h1 {
    max-width: 20ch;
    font-size: clamp(2.25rem, 6vw, 3.75rem);
    margin: 0 0 var(--space-4);
  }
  p {
    max-width: 40rem;
    font-size: 1.125rem;
    color: var(--color-muted);
  }
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: var(--space-2);
    padding: 0;
    list-style: none;
  }
  li {
    padding: var(--space-1) var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: 999px;
    font-size: 0.875rem;
  }
`;

const chips = ['Call, Text & Email', '3-Month Follow-up', 'Live Transfers', 'CRM Sync'];

export function Component() {
  return (
    <section css={hero} aria-labelledby="hero-title">
      <Seo title={site.name} description={site.description} path="/" />
      <h1 id="hero-title">{site.headline}</h1>
      <p>
        Meet the assistant that calls every new lead within seconds, qualifies them to your criteria, then books the
        appointment or live-transfers the call to your team, and keeps following up for 90 days.
      </p>
      <ul aria-label="What it does">
        {chips.map((chip) => (
          <li key={chip}>{chip}</li>
        ))}
      </ul>
      <p>
        <Link to="/blogs">Read how teams use voice AI</Link>
      </p>
    </section>
  );
}
