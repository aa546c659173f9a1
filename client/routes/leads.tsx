import { useAtomValue } from 'jotai';
import { unseenLeadsAtom } from '#client/features/leads/follow-inbox.ts';
import { LeadInbox } from '#client/features/leads/lead-inbox.tsx';
import { forgetLeads } from '#client/features/leads/leads-queries.ts';
import { OperatorGate } from '#client/features/operator/operator-gate.tsx';
import { OperatorPage } from '#client/features/operator/operator-page.tsx';

/** The operators' lead inbox (operator role). */
export function Component() {
  return (
    <OperatorPage title="Lead Inbox" count={useAtomValue(unseenLeadsAtom)}>
      <OperatorGate
        sessionRole="operator"
        label="Operator password"
        intro="Every demo call and contact form the website captured, with its consent and where its delivery to the call automation stands. This page holds personal data and needs the operator sign-in."
        onSignedOut={forgetLeads}
      >
        {() => <LeadInbox />}
      </OperatorGate>
    </OperatorPage>
  );
}
