import { css } from '@emotion/react';
import { useState } from 'react';
import { site } from '#content/site.ts';
import { Modal } from '../components/modal.tsx';
import { ContactForm } from '../features/contact/contact-form.tsx';

const intro = css`
  margin: 0 0 var(--space-4);
  color: var(--color-muted);
`;

/** SPEC §2 "Contact modal": the visitor leaves their details and the assistant calls them for a demonstration. */
export function ContactDialog({ onClose }: { onClose(): void }) {
  // Closing through the <dialog> (not by unmounting) returns focus to the button that opened it.
  const [open, setOpen] = useState(true);
  return (
    <Modal open={open} title="Get a call from our AI assistant" onClose={onClose}>
      <p css={intro}>
        Leave your details and the {site.name} assistant will call you to show how it answers, qualifies and books your
        leads.
      </p>
      <ContactForm onDone={() => setOpen(false)} />
    </Modal>
  );
}
