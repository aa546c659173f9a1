import { css } from '@emotion/react';
import { type FormEvent, useState } from 'react';
import { FormField } from '#client/features/contact/form-field.tsx';
import { useIslandId } from '#client/islands/island-context.ts';
import { focusAnew } from '#client/lib/focus-anew.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { readApiError } from '#shared/api-error.ts';
import { CONSENT_POLICY_PATH, revocationSubject } from '#shared/consent.ts';
import { REVOCATION_RECEIVED_MESSAGE, REVOCATION_SUBJECT_MESSAGE } from '#shared/messages.ts';

// The consent policy page's revocation form (docs/product-rules.md#consent): a number or an e-mail address, and
// the same answer whether or not we know it, so the form tells nobody who asked to be called. Its script sends it
// to the API; without scripts (or before they run) the browser posts it to the page, which the server answers
// with a page of its own (server/consent/consent-router.ts).

const form = css`
  display: grid;
  gap: var(--space-4);
  max-width: 32rem;
  margin-top: var(--space-6);
  padding: var(--space-4);
  border: 1px solid var(--color-border-strong);
  border-radius: var(--radius);
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
`;

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'done' } | { kind: 'failed'; message: string };

export function RevocationForm() {
  const id = useIslandId('revocation');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    setError(undefined);
    setState({ kind: 'sending' });
    try {
      const res = await fetch('/api/consent-revocations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(revocationSubject(value)),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        setState({ kind: 'done' });
        return;
      }
      const refusal = readApiError(res.status, body);
      const fieldMessage = Object.values(refusal.fieldErrors ?? {})[0];
      if (res.status === 400 && fieldMessage) {
        setError(REVOCATION_SUBJECT_MESSAGE);
        setState({ kind: 'idle' });
        // To the field the message is about, as the page the server answers without scripts does.
        focusAnew(document.getElementById(`${id}-subject`));
      } else setState({ kind: 'failed', message: refusal.error });
    } catch {
      setState({ kind: 'failed', message: 'Something went wrong. Please try again later.' });
    }
  }

  return (
    <form
      css={form}
      method="post"
      action={CONSENT_POLICY_PATH}
      noValidate
      onSubmit={submit}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>Stop us contacting you</h2>
      <p>
        Enter the phone number or e-mail address you gave us. We stop calling, texting and e-mailing it, and cancel a
        call scheduled and not yet placed.
      </p>
      <FormField
        id={`${id}-subject`}
        label="Phone number or e-mail address"
        name="subject"
        value={value}
        error={error}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(undefined);
        }}
      />
      {state.kind === 'done' && <p role="status">{REVOCATION_RECEIVED_MESSAGE}</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      <button type="submit" css={buttonStyles.primary} aria-disabled={state.kind === 'sending'}>
        {state.kind === 'sending' ? 'Sending...' : 'Stop contacting me'}
      </button>
    </form>
  );
}
