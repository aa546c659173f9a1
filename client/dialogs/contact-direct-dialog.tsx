import { site } from '#content/site.ts';
import { Modal } from '../components/modal.tsx';
import type { DialogRequest } from '../state/dialogs.ts';

const TITLES: Record<DialogRequest['kind'], string> = {
  'demo-call': 'Have the AI call me',
  booking: 'Book a demo',
  contact: 'Talk to us',
  video: 'Watch the demo',
};

interface Props {
  request: DialogRequest;
  onClose(): void;
}

/** Reaching the team directly: by phone, where the assistant answers, or by e-mail. */
export function ContactDirectDialog({ request, onClose }: Props) {
  const { contact } = site;
  return (
    <Modal open title={TITLES[request.kind]} onClose={onClose}>
      <p>
        Call <a href={`tel:${contact.phone}`}>{contact.phoneDisplay}</a> to hear the assistant answer, or write to{' '}
        <a href={`mailto:${contact.email}`}>{contact.email}</a> and we will set up a time that suits you.
      </p>
    </Modal>
  );
}
