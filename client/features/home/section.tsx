import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { LAY_OUT_WHEN_IDLE_ATTRIBUTE } from '#client/lib/lay-out-when-idle.ts';

const section = css`
  padding: clamp(3rem, 8vw, 6rem) var(--space-4);
  /* Laid out once on screen, or when the browser is next idle (layOutWhenIdle); until then it keeps a
     typical section's height, so the page's length and the anchors below are about right. */
  content-visibility: auto;
  contain-intrinsic-block-size: auto 1000px;
  &[data-tone='muted'] {
    background: var(--color-bg-muted);
  }
  /* Sections on the same ground read as one band: the second begins one padding below the first, not two. */
  &[data-tone='plain'] + &[data-tone='plain'],
  &[data-tone='muted'] + &[data-tone='muted'] {
    padding-top: 0;
  }
  > .inner {
    max-width: var(--content-width);
    margin: 0 auto;
  }
  header {
    max-width: 46rem;
    margin-bottom: var(--space-8);
  }
  .eyebrow {
    margin: 0 0 var(--space-2);
    color: var(--color-link);
    font-size: 0.875rem;
    font-weight: 700;
    letter-spacing: 0.08em;
    text-transform: uppercase;
  }
  h2 {
    margin: 0 0 var(--space-3);
    font-size: clamp(1.75rem, 4vw, 2.5rem);
  }
  header > p:last-child {
    margin: 0;
    color: var(--color-muted);
    font-size: 1.0625rem;
  }
`;

interface SectionProps {
  id: string;
  eyebrow: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'muted';
  children: ReactNode;
}

/** A home-page section: its anchor, a labelled heading and the content. */
export function Section({ id, eyebrow, title, intro, tone = 'plain', children }: SectionProps) {
  // The page's loader lays it out when the browser is idle (client/islands/boot.tsx).
  const idle = { [LAY_OUT_WHEN_IDLE_ATTRIBUTE]: '' };
  return (
    <section css={section} id={id} aria-labelledby={`${id}-title`} data-tone={tone} {...idle}>
      <div className="inner">
        <header>
          <p className="eyebrow">{eyebrow}</p>
          <h2 id={`${id}-title`}>{title}</h2>
          {intro && <p>{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}

export const cardGrid = css`
  display: grid;
  gap: var(--space-4);
  grid-template-columns: repeat(auto-fit, minmax(15rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const card = css`
  padding: var(--space-6);
  border: 1px solid var(--color-border);
  border-radius: calc(var(--radius) * 1.25);
  background: var(--color-surface);
  h3 {
    margin: 0 0 var(--space-2);
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;
