import type { ReactNode } from 'react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { buttonStyles } from '#client/styles/buttons.ts';

/** A call to action that opens the contact modal (through the page's dialog island). */
export function ContactButton({ children }: { children: ReactNode }) {
  return (
    <button
      type="button"
      css={[buttonStyles.primary, buttonStyles.large]}
      aria-haspopup="dialog"
      {...opensDialog({ kind: 'contact' })}
    >
      {children}
    </button>
  );
}
