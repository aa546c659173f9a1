import { css } from '@emotion/react';
import { opensDialog } from '#client/islands/dialog-triggers.ts';
import { Island } from '#client/islands/island.tsx';
import { buttonStyles } from '#client/styles/buttons.ts';
import { Section } from './section.tsx';

const getStarted = css`
  margin-top: var(--space-8);
  text-align: center;
`;

/** The pricing section: its tabs are an island; the call to action below opens the booking dialog. */
export function PricingSection() {
  return (
    <Section
      id="pricing"
      eyebrow="Pricing"
      title="Pay for the leads you get, not for seats"
      intro="A platform fee plus $2.99 per lead. Move the slider to your monthly volume to see your price."
      tone="muted"
    >
      <Island name="pricing" load="visible" props={{}} />
      <div css={getStarted}>
        <button
          type="button"
          css={[buttonStyles.primary, buttonStyles.large]}
          {...opensDialog({ kind: 'booking', layout: 'month_view' })}
        >
          Get Started Now
        </button>
      </div>
    </Section>
  );
}
