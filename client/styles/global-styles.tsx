import { brandFontFaces } from './brand-font.ts';
import { paletteCss, palettes } from './palettes.ts';
import { VISUALLY_HIDDEN } from './visually-hidden.ts';

// Colour tokens as custom properties (client/styles/palettes.ts, checked for WCAG AA contrast).
const light = `
  ${paletteCss(palettes.light)}
  --shadow-sm: 0 1px 2px rgb(28 27 25 / 0.06), 0 1px 3px rgb(28 27 25 / 0.08);
  --shadow-lg: 0 12px 32px rgb(28 27 25 / 0.14), 0 2px 6px rgb(28 27 25 / 0.08);
  color-scheme: light;
`;

const dark = `
  ${paletteCss(palettes.dark)}
  --shadow-sm: 0 1px 2px rgb(0 0 0 / 0.4);
  --shadow-lg: 0 12px 32px rgb(0 0 0 / 0.5), 0 2px 6px rgb(0 0 0 / 0.4);
  color-scheme: dark;
`;

const globalCss = `
  ${brandFontFaces}
  :root {
    ${light}
    --font-sans: 'Inter Variable', 'Inter Fallback', system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue',
      Arial, sans-serif;
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
  /* An island's element (client/islands/island.tsx) takes no box: its content lays out as if it were not there. */
  porch-island {
    display: contents;
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
  /* A field fills at most its column: left to its default width (about twenty characters), a text field is wider
     than a phone's dialog or a two-field row, and pushes the form out of the dialog, or onto the field beside it. */
  input,
  select,
  textarea {
    min-width: 0;
    max-width: 100%;
  }
  [hidden] {
    display: none !important;
  }
  /* What a form that only scripts can send says when they are off: the boot script's class is missing then. */
  html.js .no-script {
    display: none;
  }
  .visually-hidden {
    ${VISUALLY_HIDDEN}
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

// Runs of white space are one space to CSS; none of these rules holds a string where they would not be.
const minified = globalCss.replace(/\s+/g, ' ').trim();

/**
 * The rules every page shares, as a plain `<style>` in `<head>`: written by the server, kept as it is by the browser.
 * Emotion's `<Global>` would adopt the server's copy in the browser by moving it within `<head>`, and moving a style
 * element makes the browser drop and declare its `@font-face` rules again and lay the whole page out again, a long
 * task on a slow phone (docs/decisions/0012-emotion-styles-in-head.md).
 */
export function GlobalStyles({ nonce }: { nonce: string }) {
  return <style nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: minified }} />;
}
