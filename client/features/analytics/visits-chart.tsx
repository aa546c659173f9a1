import { css } from '@emotion/react';
import { type RefObject, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AnalyticsSummary } from '#shared/operator-api.ts';
import { formatDay } from './format.ts';
import { dataTable, tableScroller } from './table-styles.ts';

// The chart is drawn in CSS pixels, one unit of its viewBox to one pixel of its width as measured, so its labels
// keep their size on a phone rather than shrink with the picture. Until it is measured it is drawn this wide.
const FIRST_WIDTH = 720;
// A third as tall as it is wide, yet never so flat that a phone's bars cannot be told apart.
const heightFor = (width: number) => Math.max(Math.round(width / 3), 200);
const PAD = { top: 16, right: 12, bottom: 28, left: 40 };
// Day labels such as 'Nov 22' are about 40 px wide at 12 px: their centres are kept this far apart, and this far
// from either edge, so that none overlaps the next or is cut by the edge of the chart.
const LABEL_SPACING = 64;
const LABEL_HALF_WIDTH = 24;

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

/** The width `svg` is laid out at, in whole CSS pixels, kept up to date as it changes. */
function useWidth(svg: RefObject<SVGSVGElement | null>): number {
  const [width, setWidth] = useState(FIRST_WIDTH);
  // Measured before the first paint, so the chart is never seen drawn at the wrong scale.
  useLayoutEffect(() => {
    const element = svg.current;
    if (!element) return;
    const measure = () => {
      const measured = Math.floor(element.getBoundingClientRect().width);
      if (measured > 0) setWidth(measured);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [svg]);
  return width;
}

/**
 * Visits (bars) and unique visitors (line) per day as inline SVG: no chart library. The SVG has a text
 * summary for screen readers, and the exact figures are in a table under it.
 */
export function VisitsChart({ summary }: { summary: AnalyticsSummary }) {
  const id = useId();
  const svg = useRef<SVGSVGElement>(null);
  const width = useWidth(svg);
  const height = heightFor(width);
  const days = summary.perDay;
  const top = niceMax(Math.max(...days.map((day) => day.visits), 1));
  const plotWidth = width - PAD.left - PAD.right;
  const plotHeight = height - PAD.top - PAD.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(slot * 0.7, 1);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const busiest = days.reduce(
    (best, day) => (day.visits > best.visits ? day : best),
    days[0] ?? { date: '', visits: 0 },
  );
  const labelEvery = Math.max(Math.ceil(days.length / 7), Math.ceil(LABEL_SPACING / slot));
  const labelX = (index: number) => Math.min(Math.max(x(index), LABEL_HALF_WIDTH), width - LABEL_HALF_WIDTH);
  const first = days[0];
  const last = days.at(-1);

  return (
    <figure css={{ margin: 0 }}>
      <svg
        ref={svg}
        css={chart}
        viewBox={`0 0 ${width} ${height}`}
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
            <line className="grid" x1={PAD.left} x2={width - PAD.right} y1={y(top * fraction)} y2={y(top * fraction)} />
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
        <line className="axis" x1={PAD.left} x2={width - PAD.right} y1={y(0)} y2={y(0)} />
        {days.map((day, index) =>
          index % labelEvery === 0 ? (
            <text key={day.date} x={labelX(index)} y={height - 8} textAnchor="middle">
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
