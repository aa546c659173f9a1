import { css } from '@emotion/react';
import { LeadInbox } from '../features/leads/lead-inbox.tsx';
import { forgetLeads } from '../features/leads/leads-queries.ts';
import { OperatorGate } from '../features/operator/operator-gate.tsx';

const page = css`
  max-width: var(--content-width);
  margin: 0 auto;
  padding: var(--space-8) var(--space-4) var(--space-12);
  h1 {
    font-size: clamp(1.75rem, 4vw, 2.25rem);
    margin: 0 0 var(--space-2);
  }
  .lead {
    margin: 0 0 var(--space-6);
    color: var(--color-muted);
  }
`;

/** The operators' lead inbox (operator role). Kept out of search engines like the other operator pages. */
export function Component() {
  return (
    <div css={page}>
      <title>Lead Inbox | Porchlight</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1>Lead Inbox</h1>
      <p className="lead">
        Every demo call and contact form the website captured, with its consent and where its delivery to the call
        automation stands. This page holds personal data and needs the operator sign-in.
      </p>
      <OperatorGate sessionRole="operator" label="Operator password" onSignedOut={forgetLeads}>
        {() => <LeadInbox />}
      </OperatorGate>
    </div>
  );
}
