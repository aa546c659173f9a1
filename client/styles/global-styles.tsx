import { css, Global } from '@emotion/react';

// Colour tokens as custom properties; both palettes meet WCAG AA for text on their backgrounds.
const light = css`
  --color-bg: #fbfaf7;
  --color-surface: #ffffff;
  --color-text: #1c1b19;
  --color-muted: #57534e;
  --color-border: #e7e2d9;
  --color-bg-muted: #f3efe7;
  --color-border-strong: #a8a29e;
  --color-accent: #b45309;
  --color-accent-hover: #92400e;
  --color-accent-bright: #f59e0b;
  --color-accent-text: #ffffff;
  --color-link: #9a3f07;
  --color-danger: #b91c1c;
  --color-danger-surface: #fef2f2;
  --color-success: #15803d;
  --color-success-surface: #dcfce7;
  --color-success-text: #14532d;
  --color-glow: rgb(245 158 11 / 0.16);
  --color-ink: #1c1b19;
  --color-ink-raised: #2e2b26;
  --color-on-ink: #f5f2ea;
  --color-on-ink-muted: #d6d0c4;
  --shadow-sm: 0 1px 2px rgb(28 27 25 / 0.06), 0 1px 3px rgb(28 27 25 / 0.08);
  --shadow-lg: 0 12px 32px rgb(28 27 25 / 0.14), 0 2px 6px rgb(28 27 25 / 0.08);
  color-scheme: light;
`;

const dark = css`
  --color-bg: #14130f;
  --color-surface: #1f1d18;
  --color-text: #f5f2ea;
  --color-muted: #c4bdb0;
  --color-border: #3a362e;
  --color-bg-muted: #2a2721;
  --color-border-strong: #6b655b;
  --color-accent: #f59e0b;
  --color-accent-hover: #fbbf24;
  --color-accent-bright: #f59e0b;
  --color-accent-text: #1c1b19;
  --color-link: #fbbf24;
  --color-danger: #f87171;
  --color-danger-surface: #2a1414;
  --color-success: #4ade80;
  --color-success-surface: #14532d;
  --color-success-text: #dcfce7;
  --color-glow: rgb(245 158 11 / 0.1);
  --color-ink: #24211c;
  --color-ink-raised: #34302a;
  --color-on-ink: #f5f2ea;
  --color-on-ink-muted: #d6d0c4;
  --shadow-sm: 0 1px 2px rgb(0 0 0 / 0.4);
  --shadow-lg: 0 12px 32px rgb(0 0 0 / 0.5), 0 2px 6px rgb(0 0 0 / 0.4);
  color-scheme: dark;
`;

const globalStyles = css`
  :root {
    ${light}
    --font-sans: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    --space-1: 0.25rem;
    --space-2: 0.5rem;
    --space-3: 0.75rem;
    --space-4: 1rem;
    --space-6: 1.5rem;
    --space-8: 2rem;
    --space-12: 3rem;
    --radius: 0.75rem;
    --content-width: 72rem;
    --header-height: 4rem;
  }
  :root[data-theme='dark'] {
    ${dark}
  }
  @media (prefers-color-scheme: dark) {
    :root:not([data-theme='light']) {
      ${dark}
    }
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  html {
    -webkit-text-size-adjust: 100%;
    scroll-padding-top: calc(var(--header-height) + var(--space-4));
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: var(--color-bg);
    color: var(--color-text);
    font-family: var(--font-sans);
    font-size: 1rem;
    line-height: 1.6;
  }
  a {
    color: var(--color-link);
  }
  h1,
  h2,
  h3 {
    line-height: 1.15;
    letter-spacing: -0.02em;
    text-wrap: balance;
  }
  p {
    text-wrap: pretty;
  }
  img,
  svg,
  video {
    max-width: 100%;
  }
  button,
  input,
  select,
  textarea {
    font: inherit;
  }
  [hidden] {
    display: none !important;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
  :focus-visible {
    outline: 3px solid var(--color-accent);
    outline-offset: 2px;
  }
  @media (prefers-reduced-motion: reduce) {
    *,
    *::before,
    *::after {
      animation-duration: 0.01ms !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;

export function GlobalStyles() {
  return <Global styles={globalStyles} />;
}
