import { forgetAnalytics } from '#client/features/analytics/analytics-queries.ts';
import { AnalyticsReport } from '#client/features/analytics/analytics-report.tsx';
import { OperatorGate } from '#client/features/operator/operator-gate.tsx';
import { OperatorPage } from '#client/features/operator/operator-page.tsx';

/** Visitor analytics for the Porchlight team (analytics role). */
export function Component() {
  return (
    <OperatorPage
      title="Visitor Analytics"
      lead="Visits, sources and pages for the Porchlight website. This page is for the Porchlight team and needs an analytics sign-in."
    >
      <OperatorGate sessionRole="analytics" label="Analytics password" onSignedOut={forgetAnalytics}>
        {() => <AnalyticsReport />}
      </OperatorGate>
    </OperatorPage>
  );
}
