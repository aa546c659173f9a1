import { css } from '@emotion/react';
import { useState } from 'react';
import { useIslandId } from '#client/islands/island-context.ts';
import caseStudy from '#content/case-study.json';

const list = css`
  display: grid;
  gap: var(--space-4);
  margin: 0;
  padding: 0;
  list-style: none;
  > li {
    border: 1px solid var(--color-border);
    border-radius: calc(var(--radius) * 1.25);
    background: var(--color-surface);
  }
  h3 {
    margin: 0;
    font-size: 1.125rem;
  }
  .trigger {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--space-4);
    width: 100%;
    padding: var(--space-6);
    border: 0;
    background: none;
    color: var(--color-text);
    font: inherit;
    font-weight: 700;
    text-align: left;
    cursor: pointer;
  }
  /* A story to come keeps its title on whole lines: where title and badge do not fit side by side, the badge goes
     under the title instead of squeezing it into a narrow column. */
  .trigger:disabled {
    flex-wrap: wrap;
    row-gap: var(--space-2);
    cursor: not-allowed;
    color: var(--color-muted);
  }
  /* Body text inside the heading's button: the body's spacing, not the heading's. */
  .trigger .summary {
    display: block;
    margin-top: var(--space-1);
    color: var(--color-muted);
    font-weight: 400;
    line-height: 1.6;
    letter-spacing: normal;
    text-wrap: pretty;
  }
  .chevron {
    flex: none;
    transition: transform 200ms ease;
  }
  .trigger[aria-expanded='true'] .chevron {
    transform: rotate(180deg);
  }
  .soon {
    flex: none;
    padding: 0.125rem var(--space-2);
    border-radius: 999px;
    background: var(--color-bg-muted);
    font-size: 0.8125rem;
  }
  dl {
    display: grid;
    gap: var(--space-4);
    margin: 0;
    padding: 0 var(--space-6) var(--space-6);
  }
  dt {
    font-weight: 700;
  }
  dd {
    margin: var(--space-1) 0 0;
    color: var(--color-muted);
  }
`;

// No other case is written yet, so the placeholders say what kind of story is coming, with no figures.
const comingSoon = ["A growing team's speed-to-lead story", "A solo agent's follow-up story"];

/** The case study, opened and closed in place; the stories still to come. An island (client/islands/). */
export function CaseStudyList() {
  const [open, setOpen] = useState(false);
  const panelId = useIslandId('panel');
  return (
    <ul css={list}>
      <li>
        <h3>
          <button
            type="button"
            className="trigger"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            <span>
              {caseStudy.title}
              <span className="summary">{caseStudy.summary}</span>
            </span>
            <svg className="chevron" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
          </button>
        </h3>
        <dl id={panelId} hidden={!open}>
          <div>
            <dt>Challenge</dt>
            <dd>{caseStudy.challenge}</dd>
          </div>
          <div>
            <dt>Approach</dt>
            <dd>{caseStudy.approach}</dd>
          </div>
          <div>
            <dt>Result</dt>
            <dd>{caseStudy.result}</dd>
          </div>
          <div>
            <dt>Key takeaway</dt>
            <dd>{caseStudy.keyTakeaway}</dd>
          </div>
        </dl>
      </li>
      {comingSoon.map((title) => (
        <li key={title}>
          <h3>
            <button type="button" className="trigger" disabled>
              <span>{title}</span>
              <span className="soon">Coming Soon</span>
            </button>
          </h3>
        </li>
      ))}
    </ul>
  );
}
