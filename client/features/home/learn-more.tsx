import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import home from '#content/home.json';

const band = css`
  padding: clamp(3rem, 8vw, 5rem) var(--space-4);
  background: var(--color-ink);
  color: var(--color-on-ink);
  text-align: center;
  h2 {
    margin: 0 0 var(--space-3);
    font-size: clamp(1.75rem, 4vw, 2.25rem);
  }
  p {
    max-width: 40rem;
    margin: 0 auto var(--space-6);
    color: var(--color-on-ink-muted);
  }
`;

/** The learn-more section, loaded only when the visitor scrolls near it. */
export function LearnMore() {
  return (
    <section css={band} aria-labelledby="learn-more-title">
      <h2 id="learn-more-title">{home.learnMore.title}</h2>
      <p>{home.learnMore.body}</p>
      <button type="button" css={[buttonStyles.primary, buttonStyles.large]} {...opensDialog({ kind: 'demo-call' })}>
        Try the AI
      </button>
    </section>
  );
}
