import { css } from '@emotion/react';
// One named import: the build keeps this icon's path and drops the rest of the set.
import { siHubspot } from 'simple-icons';
import home from '#content/home.json';
import { Section } from './section.tsx';

// The nine named CRM integrations (docs/product-rules.md#content).
export const CRMS = [
  'Follow Up Boss',
  'Lofty',
  'CINC',
  'Real Geeks',
  'HighLevel',
  'BoldTrail',
  'HubSpot',
  'BoomTown',
  'Sierra Interactive',
] as const;

// The brands' own marks where a well-kept icon set has them (Simple Icons: HubSpot), otherwise a clean
// wordmark. All in one ink, as a logo wall is, so they sit together in either theme.
const MARKS: Partial<Record<(typeof CRMS)[number], string>> = { HubSpot: siHubspot.path };

const grid = css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: var(--space-3);
  margin: 0 0 var(--space-6);
  padding: 0;
  list-style: none;
  li {
    display: flex;
    align-items: center;
    justify-content: center;
    min-height: 5rem;
    padding: var(--space-3) var(--space-2);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
    color: var(--color-text);
    text-align: center;
  }
  .wordmark {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.4em;
    font-weight: 750;
    font-size: clamp(0.875rem, 2.6vw, 1.1875rem);
    line-height: 1.15;
    letter-spacing: -0.02em;
    text-wrap: balance;
  }
  svg {
    flex: none;
    width: 1.35em;
    height: 1.35em;
    fill: currentColor;
  }
`;

export function Integrations() {
  return (
    <Section
      id="integrations"
      eyebrow="Integrations"
      title="Works with the CRM you already run"
      intro="Leads arrive from your CRM, and every call, text, transcript and appointment syncs back to it."
    >
      <ul css={grid}>
        {CRMS.map((name) => (
          <li key={name}>
            <span className="wordmark" data-crm={name}>
              {MARKS[name] && (
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d={MARKS[name]} />
                </svg>
              )}
              {name}
            </span>
          </li>
        ))}
      </ul>
      <p>{home.integrationsNote}</p>
    </Section>
  );
}
