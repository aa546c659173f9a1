import { css } from '@emotion/react';
import type { ReactNode } from 'react';

// A minimal background, wider than a content page for the tables.
const page = css`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: var(--space-8) var(--space-4) var(--space-12);
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.25rem);
    margin: 0 0 var(--space-2);
  }
  .lead {
    margin: 0 0 var(--space-6);
    color: var(--color-muted);
  }
`;

/** The frame of a wide operator page: its title, kept out of search engines, a heading and a lead. */
export function OperatorPage({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <div css={page}>
      <title>{`${title} | Porchlight`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </div>
  );
}
