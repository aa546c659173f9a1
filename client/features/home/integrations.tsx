import { css } from '@emotion/react';
import home from '#content/home.json';
import { Section } from './section.tsx';

// SPEC §1: the nine named CRM integrations.
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
    gap: var(--space-2);
    min-height: 5rem;
    padding: var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
    font-weight: 700;
    font-size: clamp(0.8125rem, 2.4vw, 1.0625rem);
    text-align: center;
  }
  .mark {
    flex: none;
    display: grid;
    place-items: center;
    width: 2rem;
    height: 2rem;
    border-radius: 0.5rem;
    background: var(--color-bg-muted);
    color: var(--color-link);
    font-size: 0.8125rem;
    @media (max-width: 600px) {
      display: none;
    }
  }
`;

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((word) => word[0])
    .join('')
    .slice(0, 2);

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
            <span className="mark" aria-hidden="true">
              {initials(name)}
            </span>
            {name}
          </li>
        ))}
      </ul>
      <p>{home.integrationsNote}</p>
    </Section>
  );
}
