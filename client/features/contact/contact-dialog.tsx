import { css } from '@emotion/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Modal } from '#client/components/modal.tsx';
import { ConsentReceiptLink } from '#client/features/consent/consent-receipt.tsx';
import { useOpenDialog } from '#client/state/dialogs.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { site } from '#content/site.ts';
import { contactSuccessToast } from '#shared/messages.ts';
import { ContactForm } from './contact-form.tsx';

const intro = css`
  margin: 0 0 var(--space-4);
  color: var(--color-muted);
`;

const confirmation = css`
  display: grid;
  gap: var(--space-4);
  &:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
`;

/** The contact modal: the visitor leaves their details and the assistant calls them for a demonstration. */
export function ContactDialog({ onClose }: { onClose(): void }) {
  // Closing through the <dialog> (not by unmounting) returns focus to the button that opened it; the calendar
  // opened from here then opens from that button too, so closing it brings focus back there.
  const [open, setOpen] = useState(true);
  const bookInstead = useRef(false);
  const [receiptUrl, setReceiptUrl] = useState<string>();
  const confirmed = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (receiptUrl) confirmed.current?.focus();
  }, [receiptUrl]);
  const openDialog = useOpenDialog();
  const closed = useCallback(() => {
    if (bookInstead.current) openDialog({ kind: 'booking' });
    else onClose();
  }, [onClose, openDialog]);
  return (
    <Modal open={open} title="Get a call from our AI assistant" onClose={closed}>
      {receiptUrl ? (
        // The confirmation: what the toast said, and the receipt's link, which nothing else shows again. The focus
        // comes to it from the Submit button it replaces, so a screen reader reads it.
        <div css={confirmation} ref={confirmed} tabIndex={-1}>
          <p>
            <strong>{contactSuccessToast.title}</strong> {contactSuccessToast.description}
          </p>
          <ConsentReceiptLink href={receiptUrl} />
          <button type="button" css={buttonStyles.primary} onClick={() => setOpen(false)}>
            Done
          </button>
        </div>
      ) : (
        <>
          <p css={intro}>
            Leave your details and the {site.name} assistant will call you to show how it answers, qualifies and books
            your leads.
          </p>
          <ContactForm
            onDone={() => setOpen(false)}
            onReceipt={setReceiptUrl}
            onBookCall={() => {
              bookInstead.current = true;
              setOpen(false);
            }}
          />
        </>
      )}
    </Modal>
  );
}
