import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { LAY_OUT_WHEN_IDLE_ATTRIBUTE } from '#client/lib/lay-out-when-idle.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import home from '#content/home.json';

const band = css`
  padding: clamp(3rem, 8vw, 5rem) var(--space-4);
  background: var(--color-ink);
  color: var(--color-on-ink);
  text-align: center;
  /* Laid out when the browser is idle, as the sections above it (client/features/home/section.tsx). */
  content-visibility: auto;
  contain-intrinsic-block-size: auto 400px;
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

/**
 * The closing call to action: server HTML that ships no script, laid out when the browser is idle like the sections
 * above it. Its button opens the demo-call dialog through the page's dialog island (client/islands/dialog-triggers.ts).
 */
export function LearnMore() {
  const idle = { [LAY_OUT_WHEN_IDLE_ATTRIBUTE]: '' };
  return (
    <section css={band} aria-labelledby="learn-more-title" {...idle}>
      <h2 id="learn-more-title">{home.learnMore.title}</h2>
      <p>{home.learnMore.body}</p>
      <button type="button" css={[buttonStyles.primary, buttonStyles.large]} {...opensDialog({ kind: 'demo-call' })}>
        Try the AI
      </button>
    </section>
  );
}
