import { css } from '@emotion/react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { checkMarkItems } from '#client/styles/check-mark.ts';
import home from '#content/home.json';
import { PricingCalculator } from './pricing-calculator.tsx';

const TABS = [
  { id: 'calculator', label: 'Pricing Calculator' },
  { id: 'features', label: 'All Features' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const tablist = css`
  display: inline-flex;
  gap: var(--space-1);
  margin-bottom: var(--space-6);
  padding: var(--space-1);
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  button {
    /* A 44 px target; the label on one line, which on a 320 px phone needs the narrower padding below. */
    min-height: 2.75rem;
    padding: var(--space-2) var(--space-4);
    white-space: nowrap;
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: var(--color-text);
    font-weight: 600;
    cursor: pointer;
  }
  @media (max-width: 359.98px) {
    button {
      padding-inline: 0.625rem;
    }
  }
  button[aria-selected='true'] {
    background: var(--color-text);
    color: var(--color-bg);
  }
`;

const included = css`
  h3 {
    margin-top: 0;
  }
  ul {
    display: grid;
    gap: var(--space-3);
    grid-template-columns: repeat(auto-fit, minmax(16rem, 1fr));
    margin: 0;
    padding: 0;
    list-style: none;
  }
`;
const includedChecks = checkMarkItems('var(--color-success)');

/** The calculator and the list of what is included, as WAI-ARIA tabs. An island (client/islands/). */
export function PricingTabs() {
  const [tab, setTab] = useState<TabId>('calculator');
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  // WAI-ARIA tabs: arrow keys move between tabs and select them.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const index = TABS.findIndex((t) => t.id === tab);
    const next = TABS[(index + (event.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
    if (!next) return;
    setTab(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label="Pricing" css={tablist} onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(element) => {
              tabRefs.current[t.id] = element;
            }}
            type="button"
            role="tab"
            id={`pricing-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`pricing-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="pricing-panel-calculator"
        aria-labelledby="pricing-tab-calculator"
        hidden={tab !== 'calculator'}
      >
        <PricingCalculator />
      </div>
      <div
        role="tabpanel"
        id="pricing-panel-features"
        aria-labelledby="pricing-tab-features"
        hidden={tab !== 'features'}
        css={[included, includedChecks]}
      >
        <h3>Everything Included</h3>
        <ul>
          {home.everythingIncluded.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
      </div>
    </>
  );
}
