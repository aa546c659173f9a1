import { css } from '@emotion/react';
import { type ReactNode, useState } from 'react';
import { MOBILE_BREAKPOINT_PX } from '#shared/ui-timing.ts';

const fold = css`
  summary {
    cursor: pointer;
  }
  summary h2 {
    display: inline;
    margin: 0;
  }
  summary .note {
    margin-left: var(--space-2);
    color: var(--color-muted);
    font-size: 0.9375rem;
    font-weight: 600;
  }
  summary + * {
    margin-top: var(--space-3);
  }
`;

/** Open where there is room; on a phone folded, so that the first lead is on the first screen. */
function openAtFirst(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`).matches;
}

interface FoldProps {
  /** The heading's id, for the panel's aria-labelledby. */
  titleId: string;
  title: string;
  /** The gist, beside the heading while folded: what the panel holds, e.g. '2 filters set'. */
  note?: string;
  children: ReactNode;
}

/** A panel of the inbox under its heading: open on a wide screen, folded on a phone until the operator opens it. */
export function Fold({ titleId, title, note, children }: FoldProps) {
  const [open, setOpen] = useState(openAtFirst);
  return (
    <details css={fold} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <h2 id={titleId}>{title}</h2>
        {note && !open ? <span className="note">{note}</span> : null}
      </summary>
      {children}
    </details>
  );
}
