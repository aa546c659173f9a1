import { css } from '@emotion/react';
import { forgetAnalytics } from '../features/analytics/analytics-queries.ts';
import { AnalyticsReport } from '../features/analytics/analytics-report.tsx';
import { OperatorGate } from '../features/operator/operator-gate.tsx';

// SPEC §2: a minimal background, wider than a content page for the tables.
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

/** Visitor analytics for the Porchlight team (analytics role). No SEO tags: SPEC §2 keeps it out of search. */
export function Component() {
  return (
    <div css={page}>
      <title>Visitor Analytics | Porchlight</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1>Visitor Analytics</h1>
      <p className="lead">
        Visits, sources and pages for the Porchlight website. This page is for the Porchlight team and needs an
        analytics sign-in.
      </p>
      <OperatorGate sessionRole="analytics" label="Analytics password" onSignedOut={forgetAnalytics}>
        {() => <AnalyticsReport />}
      </OperatorGate>
    </div>
  );
}
