import { forgetAnalytics } from '#client/features/analytics/analytics-queries.ts';
import { AnalyticsReport } from '#client/features/analytics/analytics-report.tsx';
import { OperatorGate } from '#client/features/operator/operator-gate.tsx';
import { OperatorPage } from '#client/features/operator/operator-page.tsx';

/** Visitor analytics for the Porchlight team (analytics role). */
export function Component() {
  return (
    <OperatorPage title="Visitor Analytics">
      <OperatorGate
        sessionRole="analytics"
        label="Analytics password"
        intro="Visits, sources and pages for the Porchlight website. This page is for the Porchlight team and needs an analytics sign-in."
        onSignedOut={forgetAnalytics}
      >
        {() => <AnalyticsReport />}
      </OperatorGate>
    </OperatorPage>
  );
}
