import { css } from '@emotion/react';
import type { CountRow } from '#shared/operator-api.ts';
import { formatPercent } from './format.ts';
import { dataTable } from './table-styles.ts';

const bar = css`
  display: block;
  width: 100%;
  height: 0.375rem;
  margin-top: var(--space-1);
  rect {
    fill: var(--color-accent);
  }
`;

interface CountTableProps {
  caption: string;
  /** The first column's heading, e.g. 'Page'. */
  label: string;
  rows: CountRow[];
  /** Visits in the range: each row's share is of this. */
  total: number;
}

/** One breakdown (pages, sources, countries...) as a table with a share bar per row. */
export function CountTable({ caption, label, rows, total }: CountTableProps) {
  return (
    <table css={dataTable}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label}</th>
          <th scope="col" className="number">
            Visits
          </th>
          <th scope="col" className="number">
            Share
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={3}>None in this range.</td>
          </tr>
        ) : (
          rows.map((row) => {
            const share = total > 0 ? row.visits / total : 0;
            return (
              <tr key={row.label}>
                <th scope="row" css={{ fontWeight: 400, color: 'var(--color-text)', wordBreak: 'break-word' }}>
                  {row.label}
                  {/* An SVG attribute, not an inline style: the CSP allows no style attributes. */}
                  <svg css={bar} viewBox="0 0 100 1" preserveAspectRatio="none" aria-hidden="true" focusable="false">
                    <rect width={Math.max(share * 100, 0.5)} height="1" rx="0.5" />
                  </svg>
                </th>
                <td className="number">{row.visits.toLocaleString('en-US')}</td>
                <td className="number">{formatPercent(share)}</td>
              </tr>
            );
          })
        )}
      </tbody>
    </table>
  );
}
