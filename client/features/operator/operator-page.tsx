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
  /* The intro above a sign-in form (OperatorGate). */
  .lead {
    margin: 0 0 var(--space-6);
    color: var(--color-muted);
  }
`;

/**
 * The frame of a wide operator page: its title, kept out of search engines, and its heading. `count`, when there
 * is something new, leads the tab's title, e.g. '(2) Lead Inbox | Porchlight'.
 */
export function OperatorPage({ title, count = 0, children }: { title: string; count?: number; children: ReactNode }) {
  return (
    <div css={page}>
      <title>{`${count > 0 ? `(${count}) ` : ''}${title} | Porchlight`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1>{title}</h1>
      {children}
    </div>
  );
}
