import { css } from '@emotion/react';

/** A bordered block of the inbox page (deliveries, filters, privacy requests). */
export const panel = css`
  margin: 0 0 var(--space-6);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  h2 {
    margin: 0 0 var(--space-3);
    font-size: 1.25rem;
  }
`;

/** Form controls of the inbox: labelled above, full width of their cell, readable in both themes. */
export const fields = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 11rem), 1fr));
  gap: var(--space-3);
  label {
    display: grid;
    gap: var(--space-1);
    font-weight: 600;
    font-size: 0.9375rem;
  }
  input,
  select {
    min-width: 0;
    min-height: 2.75rem;
    padding: 0 var(--space-3);
    border: 1px solid var(--color-border-strong);
    border-radius: calc(var(--radius) / 2);
    background: var(--color-bg);
    color: var(--color-text);
    font: inherit;
    font-weight: 400;
  }
`;

export const actions = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
  margin-top: var(--space-4);
`;

export const muted = css`
  margin: 0;
  color: var(--color-muted);
`;

export const warning = css`
  margin: 0 0 var(--space-3);
  padding: var(--space-3);
  border: 1px solid var(--color-danger);
  border-radius: calc(var(--radius) / 2);
  background: var(--color-danger-surface);
  color: var(--color-text);
  strong {
    color: var(--color-danger);
  }
`;
