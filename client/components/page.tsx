import { css } from '@emotion/react';
import type { ReactNode } from 'react';

const article = css`
  max-width: 48rem;
  margin: 0 auto;
  padding: var(--space-12) var(--space-4);
  h1 {
    font-size: clamp(2rem, 5vw, 3rem);
    margin: 0 0 var(--space-4);
  }
  .lead {
    font-size: 1.125rem;
    color: var(--color-muted);
  }
`;

interface PageProps {
  title: string;
  lead: ReactNode;
  children?: ReactNode;
}

/** A content page: its heading, a lead paragraph and the body. */
export function Page({ title, lead, children }: PageProps) {
  return (
    <article css={article}>
      <h1>{title}</h1>
      <p className="lead">{lead}</p>
      {children}
    </article>
  );
}
