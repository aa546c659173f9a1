import { css } from '@emotion/react';
import { useId } from 'react';
import type { AnalyticsSummary } from '#shared/operator-api.ts';
import { formatDay } from './format.ts';
import { dataTable, tableScroller } from './table-styles.ts';

const WIDTH = 720;
const HEIGHT = 240;
const PAD = { top: 16, right: 12, bottom: 28, left: 40 };

const chart = css`
  display: block;
  width: 100%;
  height: auto;
  color: var(--color-text);
  .axis {
    stroke: var(--color-border-strong);
  }
  .grid {
    stroke: var(--color-border);
  }
  .visits {
    fill: var(--color-accent);
  }
  .unique {
    fill: none;
    stroke: var(--color-text);
    stroke-width: 2;
  }
  .unique-point {
    fill: var(--color-text);
  }
  text {
    fill: var(--color-muted);
    font-size: 12px;
  }
`;

const legend = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-4);
  margin: var(--space-2) 0 0;
  padding: 0;
  list-style: none;
  color: var(--color-muted);
  font-size: 0.875rem;
  li {
    display: inline-flex;
    align-items: center;
    gap: var(--space-2);
  }
  svg {
    width: 1.5rem;
    height: 0.75rem;
  }
  .visits {
    fill: var(--color-accent);
  }
  .unique {
    stroke: var(--color-text);
    stroke-width: 2;
  }
`;

const details = css`
  margin-top: var(--space-4);
  summary {
    cursor: pointer;
    font-weight: 600;
  }
`;

/** A round top of the scale: 1, 2, 5 or 10 times a power of ten, at least the largest value. */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/**
 * Visits (bars) and unique visitors (line) per day as inline SVG: no chart library. The SVG has a text
 * summary for screen readers, and the exact figures are in a table under it.
 */
export function VisitsChart({ summary }: { summary: AnalyticsSummary }) {
  const id = useId();
  const days = summary.perDay;
  const top = niceMax(Math.max(...days.map((day) => day.visits), 1));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(slot * 0.7, 1);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const busiest = days.reduce(
    (best, day) => (day.visits > best.visits ? day : best),
    days[0] ?? { date: '', visits: 0 },
  );
  const labelEvery = Math.ceil(days.length / 7);
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure css={{ margin: 0 }}>
      <svg
        css={chart}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
      >
        <title id={`${id}-title`}>Visits and unique visitors per day</title>
        <desc id={`${id}-desc`}>
          {first && last
            ? `${summary.totals.visits} visits and ${summary.totals.uniqueVisitors} unique visitors from ${formatDay(first.date)} to ${formatDay(last.date)}; the busiest day was ${formatDay(busiest.date)} with ${busiest.visits} visits.`
            : 'No days in this range.'}
        </desc>
        {[0, 0.5, 1].map((fraction) => (
          <g key={fraction}>
            <line className="grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * fraction)} y2={y(top * fraction)} />
            <text x={PAD.left - 6} y={y(top * fraction) + 4} textAnchor="end">
              {Math.round(top * fraction)}
            </text>
          </g>
        ))}
        {days.map((day, index) => (
          <rect
            key={day.date}
            className="visits"
            x={x(index) - barWidth / 2}
            y={y(day.visits)}
            width={barWidth}
            height={PAD.top + plotHeight - y(day.visits)}
          />
        ))}
        <polyline
          className="unique"
          points={days.map((day, index) => `${x(index)},${y(day.uniqueVisitors)}`).join(' ')}
        />
        {days.length <= 31
          ? days.map((day, index) => (
              <circle key={day.date} className="unique-point" cx={x(index)} cy={y(day.uniqueVisitors)} r={2.5} />
            ))
          : null}
        <line className="axis" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day.date} x={x(index)} y={HEIGHT - 8} textAnchor="middle">
              {formatDay(day.date)}
            </text>
          ) : null,
        )}
      </svg>
      <ul css={legend}>
        <li>
          <svg viewBox="0 0 24 12" aria-hidden="true" focusable="false">
            <rect className="visits" width="24" height="12" rx="2" />
          </svg>
          Visits
        </li>
        <li>
          <svg viewBox="0 0 24 12" aria-hidden="true" focusable="false">
            <line className="unique" x1="0" x2="24" y1="6" y2="6" />
          </svg>
          Unique visitors
        </li>
      </ul>
      <details css={details}>
        <summary>Daily figures as a table</summary>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
        <section css={tableScroller} tabIndex={0} aria-label="Daily figures">
          <table css={dataTable}>
            <caption>Visits per day</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="number">
                  Visits
                </th>
                <th scope="col" className="number">
                  Unique visitors
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.date}>
                  <th scope="row">
                    <time dateTime={day.date}>{formatDay(day.date)}</time>
                  </th>
                  <td className="number">{day.visits}</td>
                  <td className="number">{day.uniqueVisitors}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </details>
    </figure>
  );
}
