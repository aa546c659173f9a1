import { css } from '@emotion/react';
import { tableAsCards } from '#client/styles/table-cards.ts';

// Typography for HTML compiled from markdown (content/compile.ts): articles, content and legal pages.
const prose = css`
  font-size: 1.0625rem;
  line-height: 1.75;
  overflow-wrap: break-word;
  p,
  ul,
  ol,
  blockquote,
  .table-box {
    margin: 0 0 1.25em;
  }
  h2,
  h3,
  h4 {
    line-height: 1.25;
    scroll-margin-top: calc(var(--header-height) + var(--space-4));
  }
  /* Space above a heading only when something comes before it. */
  h2 {
    margin: 0 0 0.75em;
    font-size: clamp(1.375rem, 3vw, 1.75rem);
  }
  * + h2 {
    margin-top: 2.25em;
  }
  h3 {
    margin: 0 0 0.5em;
    font-size: 1.25rem;
  }
  * + h3 {
    margin-top: 1.75em;
  }
  h4 {
    margin: 0 0 0.5em;
    font-size: 1.0625rem;
  }
  * + h4 {
    margin-top: 1.5em;
  }
  /* A part from one h2 to the next (content/compile.ts) is laid out once near the screen, or when the browser is
     idle (client/lib/lay-out-when-idle.ts); until then it keeps a typical part's height. A part contains its
     margins, so its heading keeps the space above it and its last block none below, as when they collapsed. */
  > section {
    content-visibility: auto;
    contain-intrinsic-block-size: auto 600px;
  }
  > * + section > h2:first-child {
    margin-top: 2.25em;
  }
  > section:not(:last-child) > :last-child {
    margin-bottom: 0;
  }
  /* A heading is a link to itself; the '#' shows on hover or focus and is left out of its name. */
  .heading-anchor {
    color: inherit;
    text-decoration: none;
  }
  .heading-anchor::after {
    content: '#' / '';
    margin-left: 0.35em;
    color: var(--color-link);
    opacity: 0;
    transition: opacity 150ms ease;
  }
  .heading-anchor:hover::after,
  .heading-anchor:focus-visible::after {
    opacity: 1;
  }
  a:not(.heading-anchor) {
    color: var(--color-link);
    text-underline-offset: 3px;
  }
  ul,
  ol {
    padding-left: 1.5em;
  }
  li + li {
    margin-top: 0.5em;
  }
  li::marker {
    color: var(--color-link);
    font-weight: 600;
  }
  li > ul,
  li > ol {
    margin: 0.5em 0 0;
  }
  strong {
    font-weight: 700;
  }
  blockquote {
    padding: var(--space-4) var(--space-6);
    border-left: 4px solid var(--color-accent);
    border-radius: 0 var(--radius) var(--radius) 0;
    background: var(--color-bg-muted);
    font-size: 1.125rem;
  }
  blockquote > :last-child {
    margin-bottom: 0;
  }
  .table-box {
    container-type: inline-size;
    overflow-x: auto;
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
  }
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.9375rem;
    line-height: 1.5;
    /* A card a row in a column too narrow for its columns (docs/content.md#tables). */
    ${tableAsCards()}
  }
  th,
  td {
    padding: var(--space-2) var(--space-3);
    border-bottom: 1px solid var(--color-border);
    text-align: left;
    vertical-align: top;
  }
  tr:last-child td {
    border-bottom: 0;
  }
  th {
    background: var(--color-bg-muted);
  }
  code {
    padding: 0.1em 0.35em;
    border-radius: 0.25rem;
    background: var(--color-bg-muted);
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 0.9em;
  }
  hr {
    margin: 2.5em 0;
    border: 0;
    border-top: 1px solid var(--color-border);
  }
`;

/** HTML produced at build time by markdown-it with raw HTML disabled (content/compile.ts), so it is safe. */
export function Prose({ html }: { html: string }) {
  return <div css={prose} dangerouslySetInnerHTML={{ __html: html }} />;
}
