import { useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { HttpError } from '#client/lib/fetch-json.ts';
import { buttonStyles } from '#client/styles/buttons.ts';

/** What went wrong with a request, in the server's words when it gave some. */
export function problemOf(error: unknown): string {
  return error instanceof HttpError ? error.message : 'Could not reach the server. Please try again.';
}

interface RetryButtonProps {
  /** The button's text, e.g. 'Retry delivery'. */
  children: string;
  /** Its accessible name when the text alone would be ambiguous on the page (several leads). */
  label?: string;
  retry: () => Promise<{ retried: number }>;
  /** Told the outcome, to say it and reload what is shown. */
  onDone: (outcome: { retried: number } | { problem: string }) => void;
}

/** A retry that says it is working and cannot be pressed twice at once. */
export function RetryButton({ children, label, retry, onDone }: RetryButtonProps) {
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      onDone(await retry());
    } catch (error) {
      onDone({ problem: problemOf(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <FocusableButton css={buttonStyles.secondary} aria-label={label} unavailable={busy} onClick={() => void run()}>
      {busy ? 'Retrying...' : children}
    </FocusableButton>
  );
}
