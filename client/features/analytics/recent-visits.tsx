import { css } from '@emotion/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import type { AnalyticsRange } from '#shared/operator-api.ts';
import { RECENT_PAGE_SIZE, recentVisitsQuery } from './analytics-queries.ts';
import { formatDuration, formatTimestamp } from './format.ts';
import { cardTable, tableScroller } from './table-styles.ts';

// Each column's header, which each of its cells also carries to label itself when the rows are cards.
const COLUMN = {
  time: 'Time',
  page: 'Page',
  location: 'Location',
  referrer: 'Referrer',
  source: 'Source',
  device: 'Device',
  return: 'Return',
  duration: 'Duration',
} as const satisfies Record<string, string>;

// Eight columns: cards up to a tablet's width, where a table would squeeze them into ribbons.
const recentTable = cardTable('48rem');

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
            {/* biome-ignore lint/a11y/noRedundantRoles: shown as cards, it still says it is a table (docs/content.md#tables). */}
            <table css={recentTable} role="table">
              <caption>
                Visits {(data.page - 1) * data.pageSize + 1}-{(data.page - 1) * data.pageSize + data.visits.length} of{' '}
                {data.total}, newest first
              </caption>
              <thead>
                <tr>
                  <th scope="col">{COLUMN.time}</th>
                  <th scope="col">{COLUMN.page}</th>
                  <th scope="col">{COLUMN.location}</th>
                  <th scope="col">{COLUMN.referrer}</th>
                  <th scope="col">{COLUMN.source}</th>
                  <th scope="col">{COLUMN.device}</th>
                  <th scope="col">{COLUMN.return}</th>
                  <th scope="col" className="number">
                    {COLUMN.duration}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.visits.map((visit) => (
                  <tr key={visit.id}>
                    <td data-label={COLUMN.time}>
                      <time dateTime={visit.timestamp}>{formatTimestamp(visit.timestamp)}</time>
                    </td>
                    <td data-label={COLUMN.page} css={{ wordBreak: 'break-all' }}>
                      {visit.page}
                    </td>
                    <td data-label={COLUMN.location}>
                      {[visit.city, visit.region, visit.country].filter((part) => part !== 'Unknown').join(', ') ||
                        'Unknown'}
                    </td>
                    <td data-label={COLUMN.referrer} css={{ wordBreak: 'break-all' }}>
                      {visit.referrer}
                    </td>
                    <td data-label={COLUMN.source}>{visit.sourceTag ?? '(none)'}</td>
                    <td data-label={COLUMN.device}>
                      {visit.device}, {visit.browser}
                    </td>
                    <td data-label={COLUMN.return}>{visit.returnVisit ? 'Yes' : 'No'}</td>
                    <td data-label={COLUMN.duration} className="number">
                      {formatDuration(visit.duration)}
                    </td>
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
