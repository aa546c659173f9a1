import { css } from '@emotion/react';
import { useEffect, useId } from 'react';
import { useQuery } from '#client/lib/use-query.ts';
import type { DeliverySummary } from '#shared/lead-inbox.ts';
import { Fold } from './fold.tsx';
import { formatAge, formatTime } from './format.ts';
import { DELIVERY, deliveryQuery, retryGivenUp } from './leads-queries.ts';
import { RetryButton } from './retry-button.tsx';
import { actions, muted, panel, warning } from './styles.ts';

const figures = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 9rem), 1fr));
  gap: var(--space-3);
  margin: 0;
  div {
    padding: var(--space-3);
    border: 1px solid var(--color-border);
    border-radius: calc(var(--radius) / 2);
  }
  dt {
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  dd {
    margin: var(--space-1) 0 0;
    font-size: 1.5rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

/** What a folded panel says of the deliveries: whether anything is wrong, in a few words. */
export function deliveryGist(data: DeliverySummary): string {
  const waiting = `${data.undelivered.toLocaleString('en-US')} undelivered`;
  if (!data.webhookConfigured) return `${waiting}, no webhook set`;
  if (data.givenUp > 0) return `${waiting}, ${data.givenUp.toLocaleString('en-US')} given up`;
  return data.undelivered === 0 ? 'all delivered' : waiting;
}

interface DeliveryPanelProps {
  onError: (error: unknown) => void;
  /** Told the outcome of "Retry all given up". */
  onRetried: (outcome: { retried: number } | { problem: string }) => void;
}

/** How many leads wait to reach the automation, how old the oldest is, and whether they can reach it at all. */
export function DeliveryPanel({ onError, onRetried }: DeliveryPanelProps) {
  const id = useId();
  const delivery = useQuery(deliveryQuery, DELIVERY);
  const { data, status, error } = delivery;

  useEffect(() => {
    if (status === 'error') onError(error);
  }, [status, error, onError]);

  return (
    <section css={panel} aria-labelledby={`${id}-title`} aria-busy={delivery.fetching}>
      <Fold titleId={`${id}-title`} title="Deliveries" note={data ? deliveryGist(data) : undefined}>
        {!data ? (
          <p role="status" css={muted}>
            {status === 'error' ? 'The delivery figures could not be loaded.' : 'Loading...'}
          </p>
        ) : (
          <>
            {data.webhookConfigured ? null : (
              <p css={warning}>
                <strong>Warning:</strong> LEAD_WEBHOOK_URL is not set on this server, so leads are stored and shown here
                but sent to no call automation. Set it and restart the server to deliver them.
              </p>
            )}
            <dl css={figures}>
              <div>
                <dt>Undelivered</dt>
                <dd>{data.undelivered.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Oldest waiting</dt>
                <dd>
                  {data.oldestUndeliveredAt
                    ? formatAge(Date.parse(data.checkedAt) - Date.parse(data.oldestUndeliveredAt))
                    : 'None'}
                </dd>
              </div>
              <div>
                <dt>Retrying</dt>
                <dd>{data.retrying.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Given up</dt>
                <dd>{data.givenUp.toLocaleString('en-US')}</dd>
              </div>
            </dl>
            <p css={[muted, { marginTop: 'var(--space-2)', fontSize: '0.875rem' }]}>
              Counted {formatTime(data.checkedAt)}
              {data.oldestUndeliveredAt
                ? `; the oldest undelivered lead came in ${formatTime(data.oldestUndeliveredAt)}`
                : ''}
              . Deliveries not through {data.giveUpHours} hours after the lead came in are given up.
            </p>
            {data.webhookConfigured && data.givenUp > 0 ? (
              <div css={actions}>
                <RetryButton retry={retryGivenUp} onDone={onRetried}>
                  {`Retry all given up (${data.givenUp.toLocaleString('en-US')})`}
                </RetryButton>
              </div>
            ) : null}
          </>
        )}
      </Fold>
    </section>
  );
}
