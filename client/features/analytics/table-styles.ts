import { css } from '@emotion/react';

/** Plain data tables for the analytics page: readable in both themes, numbers aligned. */
export const dataTable = css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  caption {
    margin-bottom: var(--space-2);
    font-weight: 600;
    text-align: left;
  }
  th,
  td {
    padding: var(--space-2) var(--space-3);
    border-bottom: 1px solid var(--color-border);
    text-align: left;
    vertical-align: top;
  }
  th {
    color: var(--color-muted);
    font-weight: 600;
  }
  .number {
    text-align: right;
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
`;

/** Lets a wide table scroll sideways on a phone instead of widening the page. */
export const tableScroller = css`
  overflow-x: auto;
  &:focus-visible {
    outline: 2px solid var(--color-accent);
  }
`;
