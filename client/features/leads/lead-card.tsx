import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { DELIVERY_STATE_LABELS, type DeliveryState, type InboxLead, LEAD_KIND_LABELS } from '#shared/lead-inbox.ts';
import { formatPhone, isTenDigitPhone } from '#shared/phone.ts';
import { callStateText, formatTime } from './format.ts';
import { LeadCallDetails } from './lead-call-details.tsx';

const card = css`
  padding: var(--space-4);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-surface);
  header {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: var(--space-2) var(--space-3);
    margin-bottom: var(--space-3);
  }
  h3 {
    margin: 0;
    font-size: 1.125rem;
    overflow-wrap: anywhere;
  }
  header time {
    margin-left: auto;
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(min(100%, 13rem), 1fr));
    gap: var(--space-2) var(--space-4);
    margin: 0;
  }
  dt {
    color: var(--color-muted);
    font-size: 0.8125rem;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  details {
    margin-top: var(--space-3);
    font-size: 0.875rem;
  }
  summary {
    cursor: pointer;
    font-weight: 600;
  }
`;

const badge = css`
  display: inline-block;
  padding: 0 var(--space-2);
  border: 1px solid var(--color-border-strong);
  border-radius: 999px;
  font-size: 0.8125rem;
  font-weight: 600;
  white-space: nowrap;
`;

// Colour says the same as the words beside it, never alone.
const stateBadge: Record<DeliveryState, ReturnType<typeof css>> = {
  queued: css`
    ${badge};
    color: var(--color-text);
  `,
  retrying: css`
    ${badge};
    border-color: var(--color-accent);
    color: var(--color-text);
  `,
  delivered: css`
    ${badge};
    border-color: var(--color-success);
    background: var(--color-success-surface);
    color: var(--color-success-text);
  `,
  given_up: css`
    ${badge};
    border-color: var(--color-danger);
    background: var(--color-danger-surface);
    color: var(--color-text);
  `,
};

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function callText(lead: InboxLead): string {
  if (lead.kind === 'contact') return 'Scheduled by the automation';
  const reason = lead.call?.endedReason ? ` (${lead.call.endedReason})` : '';
  if (lead.scheduled) {
    const zone = lead.timezone ? ` (${lead.timezone})` : '';
    return lead.call ? `Scheduled${zone}: ${callStateText(lead.call)}${reason}` : `Scheduled${zone}`;
  }
  return lead.call ? `Immediate: ${callStateText(lead.call)}${reason}` : 'Immediate';
}

function deliveryText(delivery: NonNullable<InboxLead['delivery']>): string {
  const attempts = `${delivery.attempts} ${delivery.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (delivery.state) {
    case 'queued':
      return 'Queued, not tried yet';
    case 'delivered':
      return `Delivered ${delivery.deliveredAt ? formatTime(delivery.deliveredAt) : ''}`.trim();
    case 'retrying':
      return `Retrying after ${attempts}; next try ${formatTime(delivery.nextAttemptAt)}`;
    case 'given_up':
      return `Given up ${delivery.givenUpAt ? formatTime(delivery.givenUpAt) : ''} after ${attempts}`.trim();
  }
}

/** One lead with everything the inbox knows of it. */
export function LeadCard({ lead, actions }: { lead: InboxLead; actions?: ReactNode }) {
  const titleId = `lead-${lead.id}`;
  const { delivery, consent } = lead;
  return (
    <article css={card} aria-labelledby={titleId}>
      <header>
        <h3 id={titleId}>{lead.fullName}</h3>
        <span css={badge}>{LEAD_KIND_LABELS[lead.kind]}</span>
        {delivery ? <span css={stateBadge[delivery.state]}>{DELIVERY_STATE_LABELS[delivery.state]}</span> : null}
        <time dateTime={lead.createdAt}>{formatTime(lead.createdAt)}</time>
      </header>
      <dl>
        <Field term="Phone">
          <a href={`tel:${isTenDigitPhone(lead.phone) ? `+1${lead.phone}` : lead.phone}`}>{formatPhone(lead.phone)}</a>
        </Field>
        <Field term="E-mail">
          <a href={`mailto:${lead.email}`}>{lead.email}</a>
        </Field>
        {lead.companyName ? <Field term="Company">{lead.companyName}</Field> : null}
        <Field term="Source tag">{lead.sourceTag}</Field>
        <Field term="Calendar">
          {lead.calendarLink ? <a href={lead.calendarLink}>{lead.calendarLink.replace(/^https?:\/\//, '')}</a> : 'None'}
        </Field>
        <Field term="Call">{callText(lead)}</Field>
        <Field term="Consent">
          {consent ? `${consent.version}, ${formatTime(consent.givenAt)}` : 'No consent record'}
          {consent?.revokedAt && (
            <strong>
              {' '}
              Revoked {formatTime(consent.revokedAt)}
              {consent.revokedVia === 'form' ? ' (consent policy form)' : ' (receipt)'}
            </strong>
          )}
        </Field>
        <Field term="Delivery">{delivery ? deliveryText(delivery) : 'No delivery queued'}</Field>
        {delivery?.lastError && delivery.state !== 'delivered' ? (
          <Field term="Last error">{delivery.lastError}</Field>
        ) : null}
      </dl>
      <details>
        <summary>Consent evidence</summary>
        <dl>
          <Field term="Address">{consent?.ipAddress ?? 'Not recorded'}</Field>
          <Field term="Browser">{consent?.userAgent ?? 'Not recorded'}</Field>
          <Field term="Lead id">{lead.id}</Field>
        </dl>
      </details>
      {lead.call ? <LeadCallDetails leadId={lead.id} changedAt={lead.call.updatedAt} /> : null}
      {actions}
    </article>
  );
}
