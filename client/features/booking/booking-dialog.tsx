import { css } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { Modal } from '#client/components/modal.tsx';
import { usePublicConfig } from '#client/public-config.tsx';
import type { DialogRequest } from '#client/state/dialogs.ts';
import { useSourceTag } from '#client/state/source-tag.ts';
import { site } from '#content/site.ts';
import { calEmbedFor } from '#shared/cal-embed.ts';
import { calendarFor } from '#shared/source-tag.ts';
import { mountBookingEmbed } from './booking-embed.ts';

/** How long the calendar gets to show itself before the visitor is offered the phone and a plain link. */
export const BOOKING_EMBED_TIMEOUT_MS = 10_000;

const wide = css`
  width: min(64rem, calc(100% - 2rem));
`;

const frame = css`
  min-height: min(38rem, 70dvh);
  &[hidden] {
    display: none;
  }
  iframe {
    width: 100%;
    min-height: min(38rem, 70dvh);
    border: 0;
  }
`;

const note = css`
  margin: 0 0 var(--space-4);
  color: var(--color-muted);
`;

type Status = 'loading' | 'ready' | 'failed';

interface Props {
  request: Extract<DialogRequest, { kind: 'booking' }>;
  onClose(): void;
}

/**
 * Cal.com's booker for the calendar of this visitor's source tag (docs/product-rules.md#source-tags). A booking leads
 * to /meeting-confirmation. Offline, blocked or slow, the visitor gets the phone number and the link.
 */
export function BookingDialog({ request, onClose }: Props) {
  const { calTeam } = usePublicConfig();
  const tag = useSourceTag();
  const booking = calendarFor(tag, calTeam);
  const layout = request.layout ?? booking.config.layout;
  const container = useRef<HTMLElement>(null);
  const [status, setStatus] = useState<Status>('loading');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    setStatus('loading');
    const settle = (next: Status) => setStatus((current) => (current === 'loading' ? next : current));
    const timer = setTimeout(() => settle('failed'), BOOKING_EMBED_TIMEOUT_MS);
    const unmount = mountBookingEmbed(
      element,
      { ...calEmbedFor(booking.link), namespace: booking.namespace, layout },
      {
        onReady: () => settle('ready'),
        onFailed: () => settle('failed'),
        onBooked: () => {
          onClose();
          window.location.assign('/meeting-confirmation');
        },
      },
    );
    return () => {
      clearTimeout(timer);
      unmount();
      element.replaceChildren();
    };
  }, [booking.link, booking.namespace, layout, onClose]);

  return (
    <Modal open title="Book a demo" onClose={onClose} styles={wide}>
      {status === 'loading' && (
        <p css={note} role="status">
          Loading the calendar…
        </p>
      )}
      {status === 'failed' && (
        <div role="alert">
          <p>
            The booking calendar could not load right now. Call us at{' '}
            <a href={`tel:${site.contact.phone}`}>{site.contact.phoneDisplay}</a>, or book on the calendar's own page:{' '}
            <a href={booking.link}>{booking.link.replace(/^https?:\/\//, '')}</a>
          </p>
        </div>
      )}
      <section ref={container} css={frame} hidden={status === 'failed'} aria-label="Booking calendar" />
    </Modal>
  );
}
