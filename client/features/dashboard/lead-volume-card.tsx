import { css } from '@emotion/react';
import { useEffect, useId } from 'react';
import { RefreshButton } from '#client/components/refresh-button.tsx';
import { isSignedOutError, sessionEnded } from '#client/features/operator/operator-session.ts';
import { operatorCard } from '#client/features/operator/sign-in-form.tsx';
import { useQuery } from '#client/lib/use-query.ts';
import { LEAD_VOLUME, leadVolumeQuery } from './lead-volume-query.ts';

const header = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: var(--space-3);
  margin-bottom: var(--space-4);
  h2 {
    margin: 0;
  }
`;

const figures = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
  gap: var(--space-4);
  margin: 0;
  dt {
    color: var(--color-muted);
    font-weight: 600;
  }
  dd {
    margin: 0;
  }
`;

const figure = css`
  margin: 0;
  font-size: clamp(2.5rem, 8vw, 3.5rem);
  font-weight: 700;
  line-height: 1.1;
  font-variant-numeric: tabular-nums;
`;

const muted = css`
  margin: var(--space-2) 0 0;
  color: var(--color-muted);
`;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/**
 * The client dashboard: the month's lead total, when it was counted, and a Refresh button. It loads by itself only when
 * the visitor arrived already signed in (a later visit; docs/product-rules.md#operator-roles). It says what it counts:
 * the leads the call automation reported, and beside them those this website captured through its own forms, so the two
 * can be compared (the automation also counts leads from other sources).
 */
export function LeadVolumeCard({ autoLoad }: { autoLoad: boolean }) {
  const id = useId();
  const volume = useQuery(leadVolumeQuery, LEAD_VOLUME, { enabled: autoLoad });
  const { error, status } = volume;

  useEffect(() => {
    if (status !== 'error') return;
    // Dashboard fetch errors are only logged; a lapsed session brings the gate back.
    console.warn('lead volume could not be loaded', error);
    if (isSignedOutError(error)) sessionEnded('client');
  }, [status, error]);

  const { data } = volume;
  return (
    <section css={operatorCard} aria-labelledby={`${id}-title`} aria-busy={volume.fetching}>
      <div css={header}>
        <h2 id={`${id}-title`}>Monthly Lead Volume</h2>
        <RefreshButton fetching={volume.fetching} onRefresh={() => void volume.refetch()} />
      </div>
      <div role="status">
        {data ? (
          <>
            <dl css={figures}>
              <div>
                <dt>Reported by your call automation</dt>
                <dd css={figure}>{data.total.toLocaleString('en-US')}</dd>
              </div>
              <div>
                <dt>Captured by this website</dt>
                <dd css={figure}>{data.captured.toLocaleString('en-US')}</dd>
              </div>
            </dl>
            <p css={muted}>
              {data.total === 1 ? 'lead' : 'leads'} in {monthName.format(Date.UTC(data.year, data.month - 1, 1))} (UTC).
              Your call automation reports the leads it receives from every source; the website's count is the demo-call
              and contact forms sent on this site.
            </p>
            <p css={muted}>Last updated: {formatTime(data.updatedAt)}</p>
            {volume.fetching ? <p css={muted}>Loading...</p> : null}
          </>
        ) : volume.fetching ? (
          <p>Loading...</p>
        ) : status === 'error' ? null : (
          <p>Click refresh to load data</p>
        )}
        {status === 'error' && !isSignedOutError(error) ? (
          <p css={muted}>We could not load the latest figures. Please try Refresh again in a moment.</p>
        ) : null}
      </div>
    </section>
  );
}
