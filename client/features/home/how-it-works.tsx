import { css } from '@emotion/react';
import home from '#content/home.json';
import { usePublicConfig } from '../../public-config.tsx';
import { useOpenDialog } from '../../state/dialogs.ts';
import { Section } from './section.tsx';

const layout = css`
  display: grid;
  gap: var(--space-8);
  align-items: start;
  @media (min-width: 960px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const poster = css`
  position: relative;
  display: block;
  width: 100%;
  padding: 0;
  border: 0;
  border-radius: calc(var(--radius) * 1.5);
  overflow: hidden;
  background: var(--color-ink);
  cursor: pointer;
  aspect-ratio: 16 / 9;
  img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .play {
    position: absolute;
    inset: 0;
    display: grid;
    place-items: center;
  }
  .play span {
    display: grid;
    place-items: center;
    width: 4.5rem;
    height: 4.5rem;
    border-radius: 999px;
    background: var(--color-accent);
    color: var(--color-accent-text);
    box-shadow: var(--shadow-lg);
    transition: transform 150ms ease;
  }
  &:hover .play span {
    transform: scale(1.06);
  }
`;

const steps = css`
  display: grid;
  gap: var(--space-4);
  margin: 0;
  padding: 0;
  list-style: none;
  counter-reset: step;
  li {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: var(--space-4);
    counter-increment: step;
  }
  li::before {
    content: counter(step);
    display: grid;
    place-items: center;
    width: 2.5rem;
    height: 2.5rem;
    border-radius: 999px;
    background: var(--color-accent);
    color: var(--color-accent-text);
    font-weight: 800;
  }
  h3 {
    margin: 0.35rem 0 var(--space-1);
    font-size: 1.125rem;
  }
  p {
    margin: 0;
    color: var(--color-muted);
  }
`;

export function HowItWorks() {
  const openDialog = useOpenDialog();
  const { promoVideo } = usePublicConfig();
  return (
    <Section
      id="process"
      eyebrow="How It Works"
      title="From new lead to booked appointment, without you lifting a finger"
      intro="Connect your CRM once. Every new lead gets a call within seconds, a qualifying conversation, and a follow-up plan that runs for 90 days."
      tone="muted"
    >
      <div css={layout}>
        <button type="button" css={poster} onClick={() => openDialog({ kind: 'video' })}>
          <img src={promoVideo.posterUrl} alt="" width="1280" height="720" loading="lazy" decoding="async" />
          <span className="play">
            <span>
              <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
          </span>
          <span className="visually-hidden">Play the product video</span>
        </button>
        <ol css={steps}>
          {home.steps.map((step) => (
            <li key={step.title}>
              <div>
                <h3>{step.title}</h3>
                <p>{step.body}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </Section>
  );
}
