import { css } from '@emotion/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import type { AnalyticsRange } from '#shared/operator-api.ts';
import { RECENT_PAGE_SIZE, recentVisitsQuery } from './analytics-queries.ts';
import { formatDuration, formatTimestamp } from './format.ts';
import { dataTable, tableScroller } from './table-styles.ts';

const pager = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: var(--space-3);
  margin-top: var(--space-3);
`;

interface RecentVisitsProps {
  days: AnalyticsRange;
  page: number;
  onPage: (page: number) => void;
  onError: (error: unknown) => void;
}

/** The newest visits of the range, a page at a time. */
export function RecentVisits({ days, page, onPage, onError }: RecentVisitsProps) {
  const id = useId();
  const params = useMemo(() => ({ days, page }), [days, page]);
  const recent = useQuery(recentVisitsQuery, params);
  const { status, error } = recent;
  // The page on screen stays while the next one loads, and with it the button just pressed and its focus.
  const [held, setHeld] = useState(recent.data);
  if (recent.data && recent.data !== held) setHeld(recent.data);
  const data = recent.data ?? held;

  useEffect(() => {
    if (status === 'error') onError(error);
  }, [status, error, onError]);

  const pages = data ? Math.max(1, Math.ceil(data.total / RECENT_PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby={`${id}-title`} aria-busy={recent.fetching}>
      <h2 id={`${id}-title`}>Recent visits</h2>
      {!data ? (
        <p role="status">{status === 'error' ? 'Recent visits could not be loaded.' : 'Loading...'}</p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
          <section css={tableScroller} tabIndex={0} aria-label="Recent visits table">
            <table css={dataTable}>
              <caption>
                Visits {(data.page - 1) * data.pageSize + 1}-{(data.page - 1) * data.pageSize + data.visits.length} of{' '}
                {data.total}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Page</th>
                  <th scope="col">Location</th>
                  <th scope="col">Referrer</th>
                  <th scope="col">Source</th>
                  <th scope="col">Device</th>
                  <th scope="col">Return</th>
                  <th scope="col" className="number">
                    Duration
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.visits.map((visit) => (
                  <tr key={visit.id}>
                    <td>
                      <time dateTime={visit.timestamp}>{formatTimestamp(visit.timestamp)}</time>
                    </td>
                    <td css={{ wordBreak: 'break-all' }}>{visit.page}</td>
                    <td>
                      {[visit.city, visit.region, visit.country].filter((part) => part !== 'Unknown').join(', ') ||
                        'Unknown'}
                    </td>
                    <td css={{ wordBreak: 'break-all' }}>{visit.referrer}</td>
                    <td>{visit.sourceTag ?? '(none)'}</td>
                    <td>
                      {visit.device}, {visit.browser}
                    </td>
                    <td>{visit.returnVisit ? 'Yes' : 'No'}</td>
                    <td className="number">{formatDuration(visit.duration)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <nav css={pager} aria-label="Recent visits pages">
            <FocusableButton
              css={buttonStyles.secondary}
              unavailable={page <= 1 || recent.fetching}
              onClick={() => onPage(page - 1)}
            >
              Previous
            </FocusableButton>
            {/* Said when it changes: the focus stays on the button, so the new page is announced here. */}
            <span role="status">
              Page {data.page} of {pages}
            </span>
            <FocusableButton
              css={buttonStyles.secondary}
              unavailable={page >= pages || recent.fetching}
              onClick={() => onPage(page + 1)}
            >
              Next
            </FocusableButton>
          </nav>
        </>
      )}
    </section>
  );
}
