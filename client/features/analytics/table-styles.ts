import { css } from '@emotion/react';
import { tableAsCards } from '#client/styles/table-cards.ts';

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

/**
 * A table of too many columns for a phone: there, in a `tableScroller` narrower than `width`, a card a row, each cell
 * after its column's header, which the cell carries as `data-label` (docs/content.md#tables). A row scrolled
 * sideways hides most of its columns, with nothing to say they are there. A table of many columns turns to cards
 * on a wider screen than one of a few, before its columns are squeezed into ribbons.
 */
export const cardTable = (width = '36rem') => css`
  ${dataTable}
  ${tableAsCards(width)}
  /* A figure follows its label, not the card's right edge. */
  @container (max-width: ${width}) {
    .number {
      text-align: start;
    }
  }
`;

/**
 * Lets a wide table scroll sideways instead of widening the page, and is the container whose width turns a
 * `cardTable` into cards.
 */
export const tableScroller = css`
  container-type: inline-size;
  overflow-x: auto;
  &:focus-visible {
    outline: 2px solid var(--color-accent);
  }
`;
