import { css } from '@emotion/react';
import type { InputHTMLAttributes } from 'react';

export const fieldStyles = css`
  display: grid;
  gap: var(--space-1);
  label {
    font-weight: 600;
    font-size: 0.9375rem;
  }
  input {
    min-height: 2.75rem;
    padding: 0 var(--space-3);
    border: 1px solid var(--color-border-strong);
    border-radius: var(--radius);
    background: var(--color-bg);
    color: var(--color-text);
  }
  input[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  .error {
    margin: 0;
    color: var(--color-danger);
    font-size: 0.875rem;
  }
`;

interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  error: string | undefined;
}

/** A labelled input whose error sits under it, tied to it for screen readers (aria-invalid, aria-describedby). */
export function FormField({ id, label, error, ...input }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div css={fieldStyles}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
