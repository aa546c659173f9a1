import { css, Global } from '@emotion/react';

// Colour tokens as custom properties; both palettes meet WCAG AA for text on their backgrounds.
const light = css`
  --color-bg: #fbfaf7;
  --color-surface: #ffffff;
  --color-text: #1c1b19;
  --color-muted: #57534e;
  --color-border: #e7e2d9;
  --color-accent: #b45309;
  --color-accent-text: #ffffff;
  --color-link: #9a3f07;
  color-scheme: light;
`;

const dark = css`
  --color-bg: #14130f;
  --color-surface: #1f1d18;
  --color-text: #f5f2ea;
  --color-muted: #c4bdb0;
  --color-border: #3a362e;
  --color-accent: #f59e0b;
  --color-accent-text: #1c1b19;
  --color-link: #fbbf24;
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
    line-height: 1.2;
    text-wrap: balance;
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
