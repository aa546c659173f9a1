import { VISUALLY_HIDDEN } from './visually-hidden.ts';

/**
 * Rules for a table (`&`) that, in a container narrower than `width` (a phone's column, 36rem, for most tables), shows
 * each row as a card headed by its first cell, every other cell after its column's header, which the cell carries as
 * `data-label` (docs/content.md#tables). The box around the table is the container: it needs
 * `container-type: inline-size`. The header row stays for screen readers, which name each cell's column themselves,
 * so the label drawn here is left out of the text they read. Used by the articles' tables and the operator pages'
 * wide tables alike.
 */
export const tableAsCards = (width = '36rem') => `
  @container (max-width: ${width}) {
    &,
    caption,
    tbody,
    tr,
    td {
      display: block;
    }
    thead {
      ${VISUALLY_HIDDEN}
    }
    tr {
      padding: var(--space-3);
      border-bottom: 1px solid var(--color-border);
    }
    tr:last-child {
      border-bottom: 0;
    }
    td {
      padding: 0;
      border-bottom: 0;
      text-align: start;
    }
    td + td {
      margin-top: var(--space-1);
    }
    td:first-child {
      font-weight: 700;
    }
    td + td[data-label]::before {
      /* A browser without alternative text for generated content shows the label and reads it too. */
      content: attr(data-label) ': ';
      content: attr(data-label) ': ' / '';
      font-weight: 600;
    }
  }
`;
