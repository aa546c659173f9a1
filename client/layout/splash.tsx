import { css, keyframes } from '@emotion/react';
import { site } from '#content/site.ts';
import { SPLASH_DURATION_MS } from '#shared/ui-timing.ts';
import { Logo } from './site-header.tsx';

const fill = keyframes`
  from { transform: scaleX(0); }
  to { transform: scaleX(1); }
`;
const out = keyframes`
  to { opacity: 0; visibility: hidden; }
`;

// A full-screen splash for 800 ms at start. It is decoration only: hidden from assistive technology, never blocks
// clicks, shown only when scripts run and once per browser session, and it fades by CSS alone, so the server-rendered
// page underneath paints (and counts for LCP) at once. The bar fills in eight steps and the splash fades in four: each
// change is a frame the browser draws while the page boots, beside the page's own work on a phone's few cores; a
// smooth sweep and fade were about sixty (docs/decisions/0025-fewer-frames-while-a-page-boots.md).
const splash = css`
  display: none;
  .js:not(.splash-seen):not(.reduced-motion) & {
    position: fixed;
    inset: 0;
    z-index: 200;
    display: grid;
    place-content: center;
    gap: var(--space-4);
    justify-items: center;
    background: var(--color-bg);
    pointer-events: none;
    animation: ${out} 200ms steps(4, start) ${SPLASH_DURATION_MS}ms forwards;
  }
  .wordmark {
    display: flex;
    align-items: center;
    gap: var(--space-3);
    font-size: 2rem;
    font-weight: 800;
    letter-spacing: -0.02em;
  }
  svg {
    flex: none;
    width: 2.75rem;
    height: 2.75rem;
  }
  .bar {
    width: 10rem;
    height: 0.25rem;
    border-radius: 999px;
    background: var(--color-border);
    overflow: hidden;
  }
  .bar::after {
    content: '';
    display: block;
    height: 100%;
    background: var(--color-accent);
    transform-origin: left;
    animation: ${fill} ${SPLASH_DURATION_MS}ms steps(8, start) forwards;
  }
`;

export function Splash() {
  return (
    <div css={splash} aria-hidden="true" data-testid="splash">
      <div className="wordmark">
        <Logo />
        {site.name}
      </div>
      <div className="bar" />
    </div>
  );
}
