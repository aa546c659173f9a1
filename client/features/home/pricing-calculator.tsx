import { css } from '@emotion/react';
import { type KeyboardEvent, useState } from 'react';
import { useIslandId } from '#client/islands/island-context.ts';
import { useToast } from '#client/state/toasts.ts';
import { formatUsd, groupDigits } from '#shared/number-format.ts';
import {
  BETA_SPOTS_LEFT,
  DEFAULT_LEADS,
  LEAD_STEP,
  leadsToSlider,
  MAX_LEADS,
  MIN_LEADS,
  OFFER_TOAST_MS,
  PRICE_PER_LEAD_CENTS,
  quote,
  SLIDER_TICKS,
  sliderToLeads,
} from '#shared/pricing.ts';

const layout = css`
  display: grid;
  gap: var(--space-6);
  @media (min-width: 860px) {
    grid-template-columns: 1.2fr 1fr;
  }
`;

const offer = css`
  display: block;
  width: 100%;
  margin-bottom: var(--space-6);
  padding: var(--space-4) var(--space-6);
  border: 2px dashed var(--color-accent);
  border-radius: var(--radius);
  background: var(--color-surface);
  color: var(--color-text);
  text-align: left;
  cursor: pointer;
  strong {
    display: block;
    color: var(--color-link);
    font-size: 1.0625rem;
  }
`;

const sliderBox = css`
  .reading {
    display: flex;
    justify-content: space-between;
    font-weight: 600;
  }
  output {
    font-size: 1.5rem;
    font-weight: 800;
  }
  input[type='range'] {
    width: 100%;
    margin: var(--space-4) 0 var(--space-2);
    accent-color: var(--color-accent);
    height: 2rem;
  }
  .ticks {
    display: flex;
    justify-content: space-between;
    margin: 0;
    padding: 0;
    list-style: none;
    color: var(--color-muted);
    font-size: 0.875rem;
  }
`;

const summary = css`
  padding: var(--space-6);
  border: 1px solid var(--color-border);
  border-radius: calc(var(--radius) * 1.25);
  background: var(--color-surface);
  box-shadow: var(--shadow-sm);
  .total {
    margin: 0;
    font-size: 2.5rem;
    font-weight: 800;
    letter-spacing: -0.02em;
  }
  .total span {
    color: var(--color-muted);
    font-size: 1rem;
    font-weight: 600;
  }
  .activation {
    display: flex;
    gap: var(--space-2);
    align-items: center;
    margin: var(--space-2) 0 var(--space-4);
    color: var(--color-muted);
  }
  .badge {
    padding: 0.125rem var(--space-2);
    border-radius: 999px;
    background: var(--color-success-surface);
    color: var(--color-success-text);
    font-size: 0.8125rem;
    font-weight: 700;
  }
  .toggle {
    padding: 0;
    border: 0;
    background: none;
    color: var(--color-link);
    font-weight: 600;
    text-decoration: underline;
    cursor: pointer;
  }
  dl {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: var(--space-2) var(--space-4);
    margin: var(--space-4) 0 0;
  }
  dt {
    color: var(--color-muted);
  }
  dd {
    margin: 0;
    font-weight: 600;
    text-align: right;
  }
`;

/** Slider over five segments, cost summary to the cent, fee breakdown, beta offer (docs/product-rules.md#pricing). */
export function PricingCalculator() {
  const [position, setPosition] = useState(() => leadsToSlider(DEFAULT_LEADS));
  const [showBreakdown, setShowBreakdown] = useState(false);
  const toast = useToast();
  const breakdownId = useIslandId('breakdown');
  const leads = sliderToLeads(position);
  const q = quote(leads);
  const total = formatUsd(q.totalCents);

  // Arrow keys move one lead step (the native step is 0.001 of the track); Page keys five; Home/End the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: LEAD_STEP,
      ArrowUp: LEAD_STEP,
      ArrowLeft: -LEAD_STEP,
      ArrowDown: -LEAD_STEP,
      PageUp: 5 * LEAD_STEP,
      PageDown: -5 * LEAD_STEP,
      Home: MIN_LEADS - MAX_LEADS,
      End: MAX_LEADS,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    setPosition(leadsToSlider(leads + move));
  };

  return (
    <div>
      <button
        type="button"
        css={offer}
        onClick={() =>
          toast({
            title: 'Limited Time Offer!',
            description: `The ${formatUsd(q.activationFeeCents, { wholeDollars: true })} activation fee is waived during our beta period. Only ${BETA_SPOTS_LEFT} spots left.`,
            durationMs: OFFER_TOAST_MS,
          })
        }
      >
        <strong>Limited Time Offer!</strong>
        Beta pricing: no activation fee. {BETA_SPOTS_LEFT} spots left.
      </button>
      <div css={layout}>
        <div css={sliderBox}>
          {/* The reading sits beside the label, not in it: a label names one control, and an output is one. */}
          <div className="reading">
            <label htmlFor="lead-volume">Monthly leads:</label>
            <output htmlFor="lead-volume">{groupDigits(leads)}</output>
          </div>
          <input
            id="lead-volume"
            type="range"
            min={0}
            max={100}
            step={0.001}
            value={position}
            aria-label="Lead volume slider"
            aria-valuetext={`${leads} leads, ${total} per month`}
            onChange={(event) => setPosition(Number(event.currentTarget.value))}
            onKeyDown={onKeyDown}
          />
          <ol className="ticks" aria-hidden="true">
            {SLIDER_TICKS.map((tick) => (
              <li key={tick}>{groupDigits(tick)}</li>
            ))}
          </ol>
        </div>
        <div css={summary}>
          {/* Only the total is announced when it changes; the toggle and breakdown are read on demand. */}
          <p className="total" aria-live="polite" aria-atomic="true">
            {total}
            <span>/month</span>
          </p>
          <p className="activation">
            Activation fee <s>{formatUsd(q.activationFeeCents, { wholeDollars: true })}</s>
            <span className="badge">Waived!</span>
          </p>
          <button
            type="button"
            className="toggle"
            aria-expanded={showBreakdown}
            aria-controls={breakdownId}
            onClick={() => setShowBreakdown((open) => !open)}
          >
            {showBreakdown ? 'Hide fee breakdown' : 'View fee breakdown'}
          </button>
          <dl id={breakdownId} hidden={!showBreakdown}>
            <dt>Platform Fee</dt>
            <dd>{formatUsd(q.platformFeeCents)}</dd>
            <dt>
              Lead Volume ({groupDigits(q.leads)} × {formatUsd(PRICE_PER_LEAD_CENTS)})
            </dt>
            <dd>{formatUsd(q.leadVolumeCents)}</dd>
          </dl>
        </div>
      </div>
    </div>
  );
}
