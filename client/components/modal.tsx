import { css, type SerializedStyles } from '@emotion/react';
import { type ButtonHTMLAttributes, type ReactNode, useEffect, useId, useRef } from 'react';
import { focusAnew } from '#client/lib/focus-anew.ts';

export const modalDialogStyles = css`
  width: min(32rem, calc(100% - 2rem));
  max-height: calc(100dvh - 2rem);
  padding: 0;
  border: 1px solid var(--color-border);
  border-radius: calc(var(--radius) * 1.5);
  background: var(--color-surface);
  color: var(--color-text);
  box-shadow: var(--shadow-lg);
  &::backdrop {
    background: rgb(12 10 8 / 0.6);
  }
  &[open] {
    animation: modal-in 180ms ease-out;
  }
  @keyframes modal-in {
    from {
      opacity: 0;
      transform: translateY(0.75rem) scale(0.98);
    }
  }
`;

const header = css`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: var(--space-4);
  padding: var(--space-6) var(--space-6) 0;
  h2 {
    margin: 0;
    font-size: 1.375rem;
  }
`;

const closeButton = css`
  flex: none;
  width: 2.75rem;
  height: 2.75rem;
  margin: calc(var(--space-2) * -1) calc(var(--space-2) * -1) 0 0;
  border: 0;
  border-radius: 999px;
  background: transparent;
  color: var(--color-text);
  font-size: 1.5rem;
  cursor: pointer;
  &:hover {
    background: var(--color-bg);
  }
`;

export const modalBodyStyles = css`
  padding: var(--space-4) var(--space-6) var(--space-6);
`;

// A player's controls (`video[controls]`, the embed's iframe) take focus too: Tab must reach them.
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, video[controls], audio[controls], ' +
  'iframe, summary, [tabindex]:not([tabindex="-1"])';

/** Tab from the last control of `dialog` wraps to the first (and back): focus never leaves an open modal. */
export function keepFocusInside(
  dialog: HTMLElement,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
) {
  if (event.key !== 'Tab') return;
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => element.offsetParent !== null,
  );
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

interface ModalHeadingProps {
  titleId: string;
  title: ReactNode;
  closeLabel: string;
  /** What makes the close button close the dialog: a click handler, or the browser's own `command="close"`. */
  close: ButtonHTMLAttributes<HTMLButtonElement>;
}

/** A modal's title and its close button. */
export function ModalHeading({ titleId, title, closeLabel, close }: ModalHeadingProps) {
  return (
    <div css={header}>
      <h2 id={titleId}>{title}</h2>
      <button type="button" css={closeButton} aria-label={closeLabel} {...close}>
        ×
      </button>
    </div>
  );
}

interface ModalProps {
  open: boolean;
  title: ReactNode;
  onClose(): void;
  children: ReactNode;
  /** Extra styles for the <dialog>, e.g. a drawer's placement. */
  styles?: SerializedStyles;
  closeLabel?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the page behind it inert (focus stays inside),
 * Escape closes it, and focus returns to what opened it.
 */
export function Modal({ open, title, onClose, children, styles, closeLabel = 'Close' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement;
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onClosed = () => {
      // The browser has given the focus back by itself, but leaves the text selection in the dialog that is about to
      // go: a field taken back this way takes no editing key (its caret is nowhere). Focused anew, it has one again.
      if (opener.current instanceof HTMLElement) focusAnew(opener.current);
      onClose();
    };
    element.addEventListener('close', onClosed);
    return () => element.removeEventListener('close', onClosed);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      css={[modalDialogStyles, styles]}
      aria-labelledby={titleId}
      // A click on the backdrop lands on the <dialog> itself.
      onClick={(event) => {
        if (event.target === event.currentTarget) event.currentTarget.close();
      }}
      onKeyDown={(event) => keepFocusInside(event.currentTarget, event)}
    >
      {open && (
        <>
          <ModalHeading
            titleId={titleId}
            title={title}
            closeLabel={closeLabel}
            close={{ onClick: () => ref.current?.close() }}
          />
          <div css={modalBodyStyles}>{children}</div>
        </>
      )}
    </dialog>
  );
}
