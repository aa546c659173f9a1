import { css } from '@emotion/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { HttpError } from '#client/lib/fetch-json.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import type { SessionRole } from '#shared/session-schema.ts';
import { signIn } from './operator-session.ts';

export const operatorCard = css`
  padding: var(--space-6);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
  h2 {
    margin: 0 0 var(--space-2);
    font-size: 1.25rem;
  }
`;

const form = css`
  display: grid;
  gap: var(--space-3);
  max-width: 24rem;
  label {
    font-weight: 600;
  }
  input {
    min-height: 2.75rem;
    padding: 0 var(--space-3);
    border: 1px solid var(--color-border-strong);
    border-radius: calc(var(--radius) / 2);
    background: var(--color-bg);
    color: var(--color-text);
    font: inherit;
  }
  input[aria-invalid='true'] {
    border-color: var(--color-danger);
  }
  button {
    justify-self: start;
  }
`;

const errorText = css`
  margin: 0;
  color: var(--color-danger);
  font-weight: 500;
`;

function messageFor(error: unknown): string {
  // 401 wrong password, 429 lockout, 503 not set up: the server's own words say what to do.
  if (error instanceof HttpError) return error.message;
  return 'Could not reach the server. Please check your connection and try again.';
}

interface SignInFormProps {
  sessionRole: SessionRole;
  /** The password field's label, e.g. 'Dashboard password'. */
  label: string;
  /** Why the form is shown again, e.g. after a session ended. */
  notice?: string;
  /** Moves focus to the password field (when shown again after a sign-out). */
  autoFocus?: boolean;
  onSignedIn: () => void;
}

/** The password gate of the operator pages (/dashboard for the client, /analytics for the team). */
export function SignInForm({ sessionRole: role, label, notice, autoFocus = false, onSignedIn }: SignInFormProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // Shown again right after a sign-out the visitor asked for: the field is where they left off.
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setError('Please enter the password.');
      input.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await signIn({ role, password });
      onSignedIn();
    } catch (failure) {
      setError(messageFor(failure));
      setBusy(false);
      input.current?.select();
      input.current?.focus();
    }
  }

  return (
    <section css={operatorCard} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Sign in</h2>
      {notice ? <p role="status">{notice}</p> : null}
      <form css={form} onSubmit={submit} noValidate>
        {/* Lets password managers tell the two operator passwords apart. */}
        <input type="text" name="username" autoComplete="username" value={`porchlight-${role}`} readOnly hidden />
        <label htmlFor={`${id}-password`}>{label}</label>
        <input
          ref={input}
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <p id={`${id}-error`} css={errorText} role="alert">
          {error}
        </p>
        <FocusableButton type="submit" css={buttonStyles.primary} unavailable={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </FocusableButton>
      </form>
    </section>
  );
}
