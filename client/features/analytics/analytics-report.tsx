import { css } from '@emotion/react';
import { useCallback, useEffect, useState } from 'react';
import { RefreshButton } from '#client/components/refresh-button.tsx';
import { operatorToolbar } from '#client/features/operator/operator-gate.tsx';
import { isSignedOutError, sessionEnded } from '#client/features/operator/operator-session.ts';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import type { AnalyticsRange, AnalyticsSummary } from '#shared/operator-api.ts';
import { summaryQuery } from './analytics-queries.ts';
import { CountTable } from './count-table.tsx';
import { formatDay, formatDuration, formatPercent } from './format.ts';
import { RecentVisits } from './recent-visits.tsx';
import { VisitsChart } from './visits-chart.tsx';

const rangeGroup = css`
  display: inline-flex;
  gap: var(--space-2);
  button[aria-pressed='true'] {
    border-color: var(--color-accent);
    background: var(--color-accent);
    color: var(--color-accent-text);
  }
`;

const stats = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
  gap: var(--space-3);
  margin: 0 0 var(--space-8);
  div {
    padding: var(--space-4);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
    background: var(--color-surface);
  }
  dt {
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  dd {
    margin: var(--space-1) 0 0;
    font-size: 1.75rem;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

const breakdowns = css`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr));
  gap: var(--space-8) var(--space-6);
  margin: var(--space-8) 0;
`;

const section = css`
  margin-bottom: var(--space-8);
  h2 {
    font-size: 1.25rem;
    margin: 0 0 var(--space-3);
  }
`;

// The API's ranges; a local copy because `shared/operator-api.ts` would bring zod into this page's code.
const RANGES = [7, 30, 90] as const satisfies readonly AnalyticsRange[];

function Totals({ summary }: { summary: AnalyticsSummary }) {
  const { totals } = summary;
  return (
    <dl css={stats}>
      <div>
        <dt>Visits</dt>
        <dd>{totals.visits.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Unique visitors</dt>
        <dd>{totals.uniqueVisitors.toLocaleString('en-US')}</dd>
      </div>
      <div>
        <dt>Return visits</dt>
        <dd>{formatPercent(totals.returnVisitShare)}</dd>
      </div>
      <div>
        <dt>Average visit length</dt>
        <dd>{formatDuration(totals.averageDuration)}</dd>
      </div>
    </dl>
  );
}

function Breakdowns({ summary }: { summary: AnalyticsSummary }) {
  const total = summary.totals.visits;
  return (
    <div css={breakdowns}>
      <CountTable caption="Top pages" label="Page" rows={summary.topPages} total={total} />
      <CountTable caption="Sources" label="Source tag" rows={summary.sources} total={total} />
      <CountTable caption="Referrers" label="Referrer" rows={summary.referrers} total={total} />
      <CountTable caption="Countries" label="Country" rows={summary.countries} total={total} />
      <CountTable caption="Cities" label="City" rows={summary.cities} total={total} />
      <CountTable caption="Devices" label="Device" rows={summary.devices} total={total} />
      <CountTable caption="Browsers" label="Browser" rows={summary.browsers} total={total} />
    </div>
  );
}

/** The analytics page's figures for the chosen range (7, 30 or 90 UTC days ending today). */
export function AnalyticsReport() {
  const [days, setDays] = useState<AnalyticsRange>(7);
  const [page, setPage] = useState(1);
  const summary = useQuery(summaryQuery, days);

  // Errors are only logged and said politely; a lapsed session brings the sign-in back.
  const onError = useCallback((error: unknown) => {
    console.warn('analytics could not be loaded', error);
    if (isSignedOutError(error)) sessionEnded('analytics');
  }, []);
  useEffect(() => {
    if (summary.status === 'error') onError(summary.error);
  }, [summary.status, summary.error, onError]);

  const data = summary.data;
  return (
    <div aria-busy={summary.fetching}>
      <div css={operatorToolbar}>
        {/* biome-ignore lint/a11y/useSemanticElements: toggle buttons read better than radios for a range switch. */}
        <div css={rangeGroup} role="group" aria-label="Range">
          {RANGES.map((range) => (
            <button
              key={range}
              type="button"
              css={buttonStyles.secondary}
              aria-pressed={range === days}
              onClick={() => {
                setDays(range);
                setPage(1);
              }}
            >
              {range} days
            </button>
          ))}
        </div>
        <RefreshButton fetching={summary.fetching} onRefresh={() => void summary.refetch()} />
      </div>
      {!data ? (
        <p role="status">
          {summary.status === 'error'
            ? 'We could not load the analytics. Please try Refresh in a moment.'
            : 'Loading...'}
        </p>
      ) : (
        <>
          <p role="status" css={{ color: 'var(--color-muted)' }}>
            {formatDay(data.from)} to {formatDay(data.to)} (UTC)
            {summary.status === 'error' ? '. The latest figures could not be loaded; these are older.' : ''}
          </p>
          {data.totals.visits === 0 ? (
            <p>No visits in the last {data.days} days.</p>
          ) : (
            <>
              <Totals summary={data} />
              <section css={section} aria-labelledby="visits-per-day">
                <h2 id="visits-per-day">Visits per day</h2>
                <VisitsChart summary={data} />
              </section>
              <Breakdowns summary={data} />
              <RecentVisits days={days} page={page} onPage={setPage} onError={onError} />
            </>
          )}
        </>
      )}
    </div>
  );
}
