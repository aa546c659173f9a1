import { css } from '@emotion/react';

const base = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: var(--space-2);
  /* 44 px: a comfortable target for a thumb. */
  min-height: 2.75rem;
  padding: 0 var(--space-4);
  border: 1px solid transparent;
  border-radius: 999px;
  font: inherit;
  font-weight: 600;
  font-size: 0.9375rem;
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  transition:
    background-color 150ms ease,
    transform 150ms ease;
  &:active {
    transform: translateY(1px);
  }
  &:disabled,
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.6;
  }
`;

/** The site's buttons; also usable on links styled as buttons. */
export const buttonStyles = {
  primary: css`
    ${base};
    background: var(--color-accent);
    color: var(--color-accent-text);
    &:hover:not(:disabled) {
      background: var(--color-accent-hover);
    }
  `,
  secondary: css`
    ${base};
    border-color: var(--color-border-strong);
    background: var(--color-surface);
    color: var(--color-text);
    &:hover:not(:disabled) {
      background: var(--color-bg-muted);
    }
  `,
  icon: css`
    ${base};
    width: 2.75rem;
    padding: 0;
    border-color: var(--color-border);
    background: var(--color-surface);
    color: var(--color-text);
  `,
  large: css`
    min-height: 3rem;
    padding: 0 var(--space-6);
    font-size: 1rem;
  `,
};
