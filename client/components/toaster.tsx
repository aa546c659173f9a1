import { css } from '@emotion/react';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { useAtomAsRendered } from '#client/lib/use-atom-as-rendered.ts';
import { dismissToastAtom, type Toast, toastsAtom } from '#client/state/toasts.ts';

// The server renders the list empty.
const NO_TOASTS: Toast[] = [];

const region = css`
  position: fixed;
  z-index: 90;
  right: var(--space-4);
  bottom: var(--space-4);
  left: var(--space-4);
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: var(--space-2);
  margin: 0;
  padding: 0;
  list-style: none;
  pointer-events: none;
`;

const item = css`
  pointer-events: auto;
  display: flex;
  gap: var(--space-3);
  align-items: flex-start;
  width: min(24rem, 100%);
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  color: var(--color-text);
  box-shadow: var(--shadow-lg);
  animation: toast-in 200ms ease-out;
  &[data-variant='destructive'] {
    border-color: var(--color-danger);
    background: var(--color-danger-surface);
  }
  p {
    margin: 0;
  }
  .title {
    font-weight: 700;
  }
  button {
    margin-left: auto;
    border: 0;
    background: none;
    color: inherit;
    font-size: 1.25rem;
    line-height: 1;
    cursor: pointer;
    padding: var(--space-1);
    border-radius: 0.25rem;
  }
  @keyframes toast-in {
    from {
      opacity: 0;
      transform: translateY(0.5rem);
    }
  }
`;

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useSetAtom(dismissToastAtom);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.durationMs);
    return () => clearTimeout(timer);
  }, [dismiss, toast.id, toast.durationMs]);
  return (
    <li css={item} data-variant={toast.variant} role={toast.variant === 'destructive' ? 'alert' : 'status'}>
      <div>
        <p className="title">{toast.title}</p>
        {toast.description && <p>{toast.description}</p>}
      </div>
      <button type="button" aria-label="Dismiss notification" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </li>
  );
}

/**
 * At most three toasts at once, each closing by itself (docs/product-rules.md#timings); screen readers hear each one.
 * The list is the live region and is always in the page: screen readers often miss a live region that arrives together
 * with its text, so a toast is announced as an addition to this one.
 */
export function Toaster() {
  const toasts = useAtomAsRendered(toastsAtom, NO_TOASTS);
  return (
    <ol css={region} aria-label="Notifications" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  );
}
