import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { usePublicConfig } from '#client/public-config.tsx';
import home from '#content/home.json';
import { Section } from './section.tsx';

const layout = css`
  display: grid;
  gap: var(--space-8);
  align-items: start;
  @media (min-width: 960px) {
    grid-template-columns: 1fr 1fr;
  }
`;

// The poster is a frame of the video with its story written across it, so the play control sits in a bar
// below the picture rather than on top of the words.
const poster = css`
  display: grid;
  width: 100%;
  padding: 0;
  border: 0;
  border-radius: calc(var(--radius) * 1.5);
  overflow: hidden;
  background: var(--color-ink);
  color: var(--color-on-ink);
  font: inherit;
  text-align: left;
  cursor: pointer;
  img {
    display: block;
    width: 100%;
    height: auto;
    aspect-ratio: 16 / 9;
    object-fit: cover;
  }
  .play {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    padding: var(--space-3) var(--space-4);
    border-top: 1px solid var(--color-ink-raised);
    font-weight: 600;
  }
  .icon {
    flex: none;
    display: grid;
    place-items: center;
    width: 2.75rem;
    height: 2.75rem;
    border-radius: 999px;
    background: var(--color-accent-bright);
    color: #1c1b19;
    transition: transform 150ms ease;
  }
  .length {
    margin-left: auto;
    color: var(--color-on-ink-muted);
    font-weight: 500;
    font-size: 0.9375rem;
  }
  &:hover .icon {
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
        <button type="button" css={poster} {...opensDialog({ kind: 'video' })}>
          <img src={promoVideo.posterUrl} alt="" width="1280" height="720" loading="lazy" decoding="async" />
          <span className="play">
            <span className="icon">
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M8 5v14l11-7z" fill="currentColor" />
              </svg>
            </span>
            Play the product video
            <span className="length" aria-hidden="true">
              0:09
            </span>
          </span>
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
