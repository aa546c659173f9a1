import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { checkMarkItems } from '#client/styles/check-mark.ts';
import home from '#content/home.json';
import { site } from '#content/site.ts';
import { card, cardGrid, Section } from './section.tsx';

const results = css`
  display: grid;
  gap: var(--space-6);
  align-items: center;
  margin-top: var(--space-8);
  padding: var(--space-8);
  border-radius: calc(var(--radius) * 1.5);
  background: var(--color-ink);
  color: var(--color-on-ink);
  @media (min-width: 860px) {
    grid-template-columns: 1fr auto;
  }
  h3 {
    margin: 0 0 var(--space-4);
    font-size: 1.5rem;
  }
  ul {
    display: grid;
    gap: var(--space-2);
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
const resultChecks = checkMarkItems('var(--color-accent-bright)');

export function WhyChoose() {
  return (
    <Section
      id="features"
      eyebrow={`Why Choose ${site.name}`}
      title="An inside sales agent that never sleeps, forgets or calls late"
      tone="muted"
    >
      <ul css={cardGrid}>
        {home.features.map((feature) => (
          <li key={feature.title} css={card}>
            <h3>{feature.title}</h3>
            <p>{feature.body}</p>
          </li>
        ))}
      </ul>
      <div css={[results, resultChecks]}>
        <div>
          <h3>Real Results That Matter</h3>
          <ul>
            {home.results.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <button type="button" css={[buttonStyles.primary, buttonStyles.large]} {...opensDialog({ kind: 'booking' })}>
          Book Demo
        </button>
      </div>
    </Section>
  );
}
