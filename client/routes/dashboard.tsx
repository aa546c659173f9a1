import { Page } from '#client/components/page.tsx';
import { LeadVolumeCard } from '#client/features/dashboard/lead-volume-card.tsx';
import { LEAD_VOLUME, leadVolumeQuery } from '#client/features/dashboard/lead-volume-query.ts';
import { OperatorGate } from '#client/features/operator/operator-gate.tsx';

export function Component() {
  return (
    <Page
      title="Client Dashboard"
      lead="Your monthly lead volume at a glance. This dashboard is private to your team and needs your client password."
    >
      <title>Client Dashboard | Porchlight</title>
      <meta name="robots" content="noindex, nofollow" />
      <OperatorGate
        sessionRole="client"
        label="Dashboard password"
        onSignedOut={() => leadVolumeQuery.remove(LEAD_VOLUME)}
      >
        {({ justSignedIn }) => <LeadVolumeCard autoLoad={!justSignedIn} />}
      </OperatorGate>
    </Page>
  );
}
