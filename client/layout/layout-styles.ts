import { css } from '@emotion/react';

export const skipLink = css`
  position: absolute;
  left: var(--space-4);
  top: -4rem;
  z-index: 100;
  padding: var(--space-2) var(--space-4);
  background: var(--color-surface);
  border-radius: var(--radius);
  &:focus {
    top: var(--space-2);
  }
`;

export const main = css`
  display: block;
  min-height: 60vh;
  padding-top: var(--header-height);
  &:focus {
    outline: none;
  }
  /* Below the operator pages' own bar, which scrolls with the page. */
  &[data-operator='true'] {
    padding-top: 0;
  }
`;
