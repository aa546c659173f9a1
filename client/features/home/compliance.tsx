import { css } from '@emotion/react';
import home from '#content/home.json';
import { Section } from './section.tsx';

const list = css`
  display: grid;
  gap: var(--space-6) var(--space-8);
  grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: var(--space-3);
  }
  svg {
    width: 1.5rem;
    height: 1.5rem;
    margin-top: 0.1rem;
    color: var(--color-success);
  }
  h3 {
    margin: 0 0 var(--space-1);
    font-size: 1.0625rem;
  }
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;

export function Compliance() {
  return (
    <Section
      id="compliance"
      eyebrow="Security & Compliance"
      title="Built to call people the right way"
      intro="Every conversation respects consent, discloses recording, honours opt-outs and keeps your data on US servers."
    >
      <ul css={list}>
        {home.compliance.map((item) => (
          <li key={item.title}>
            <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z" />
              <path d="M8.5 12l2.5 2.5 4.5-5" />
            </svg>
            <div>
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </div>
          </li>
        ))}
      </ul>
    </Section>
  );
}
