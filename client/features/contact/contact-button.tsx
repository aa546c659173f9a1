import type { ReactNode } from 'react';
import { useOpenDialog } from '#client/state/dialogs.ts';
import { buttonStyles } from '#client/styles/buttons.ts';

/** A call to action that opens the contact modal. */
export function ContactButton({ children }: { children: ReactNode }) {
  const openDialog = useOpenDialog();
  return (
    <button
      type="button"
      css={[buttonStyles.primary, buttonStyles.large]}
      aria-haspopup="dialog"
      onClick={() => openDialog({ kind: 'contact' })}
    >
      {children}
    </button>
  );
}
