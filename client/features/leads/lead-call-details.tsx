import { css } from '@emotion/react';
import { useEffect, useId, useState } from 'react';
import { RefreshButton } from '#client/components/refresh-button.tsx';
import { isSignedOutError, sessionEnded } from '#client/features/operator/operator-session.ts';
import { useQuery } from '#client/lib/use-query.ts';
import type { CallFields } from '#shared/call-status-protocol.ts';
import type { LeadCall } from '#shared/lead-call.ts';
import { callStateText } from './format.ts';
import { leadCallQuery } from './leads-queries.ts';
import { muted } from './styles.ts';

// A lead's call in full inside its card: fetched the first time the operator opens it, never with the list, so a page
// of leads costs no transcript (docs/product-rules.md#call-status).

const body = css`
  display: grid;
  gap: var(--space-3);
  margin-top: var(--space-3);
  h4 {
    margin: 0 0 var(--space-2);
    font-size: 0.9375rem;
  }
  p {
    margin: 0;
  }
`;

const transcript = css`
  display: grid;
  gap: var(--space-2);
  margin: 0;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: calc(var(--radius) / 2);
  background: var(--color-bg);
  list-style: none;
  li {
    overflow-wrap: anywhere;
  }
  b {
    margin-right: var(--space-1);
  }
`;

const refreshCall = css`
  margin-top: var(--space-3);
`;

const SPEAKERS = { assistant: 'Assistant', caller: 'Caller' } as const;

const FIELD_LABELS = [
  ['timeline', 'Timeline'],
  ['financing', 'Financing'],
  ['area', 'Area'],
  ['budget', 'Budget'],
] as const satisfies readonly (readonly [keyof CallFields, string])[];

function showingText(fields: CallFields): string | undefined {
  if (fields.showingBooked === undefined) return undefined;
  if (!fields.showingBooked) return 'Not booked';
  return fields.showingTime ? `Booked: ${fields.showingTime}` : 'Booked';
}

function CallBody({ call }: { call: LeadCall }) {
  const id = useId();
  const heard = [
    ...FIELD_LABELS.flatMap(([name, label]) => {
      const value = call.fields[name];
      return typeof value === 'string' ? [[label, value] as const] : [];
    }),
    ...(showingText(call.fields) ? [['Showing', showingText(call.fields) ?? ''] as const] : []),
  ];
  return (
    <div css={body}>
      <p>
        Call {callStateText(call)}
        {call.endedReason ? ` (${call.endedReason})` : ''}
      </p>
      {call.summary && (
        <dl>
          <div>
            <dt>What was learned</dt>
            <dd>{call.summary.learned ?? 'Nothing'}</dd>
          </div>
          <div>
            <dt>Next step</dt>
            <dd>{call.summary.nextStep ?? 'None'}</dd>
          </div>
        </dl>
      )}
      {heard.length > 0 && (
        <dl>
          {heard.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div>
        <h4 id={id}>Transcript</h4>
        {call.transcript.length === 0 ? (
          <p css={muted}>Nothing was said on this call{call.state === 'ended' ? '' : ' yet'}.</p>
        ) : (
          <ol css={transcript} aria-labelledby={id}>
            {call.transcript.map((line, index) => (
              // Lines never change once stored; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: stored lines are only ever appended
              <li key={index}>
                <b>{SPEAKERS[line.role]}:</b> {line.text}
              </li>
            ))}
          </ol>
        )}
      </div>
    </div>
  );
}

interface CallDetailsProps {
  leadId: string;
  /** When the inbox last saw the call change (its state, how it ended): a newer change loads the call again. */
  changedAt: string;
}

function LoadedCall({ leadId, changedAt }: CallDetailsProps) {
  const call = useQuery(leadCallQuery, leadId);
  // The card above says the call moved on (the inbox reloads when a call does): so does the call opened under it,
  // rather than say the call is still in progress under a card that says it has ended.
  const loadedAt = call.data?.call?.updatedAt;
  const { refetch } = call;
  useEffect(() => {
    if (loadedAt !== undefined && Date.parse(changedAt) > Date.parse(loadedAt)) void refetch();
  }, [changedAt, loadedAt, refetch]);
  useEffect(() => {
    if (call.status !== 'error') return;
    console.warn('a lead’s call could not be loaded', call.error);
    if (isSignedOutError(call.error)) sessionEnded('operator');
  }, [call.status, call.error]);
  return (
    <div aria-busy={call.fetching}>
      {call.data && (call.data.call ? <CallBody call={call.data.call} /> : <p css={muted}>This lead has no call.</p>)}
      {/* Always there, so that what it comes to say is read out. */}
      <p css={[muted, { '&:empty': { margin: 0 } }]} role="status">
        {!call.data
          ? call.status === 'error'
            ? 'The call could not be loaded.'
            : 'Loading the call...'
          : call.status === 'error'
            ? 'The latest could not be loaded: this is the call as loaded before.'
            : ''}
      </p>
      <RefreshButton
        fetching={call.fetching}
        onRefresh={() => void call.refetch()}
        label="Refresh call"
        styles={refreshCall}
      />
    </div>
  );
}

/** The card's "Call and transcript": closed at first; the call loads when it is opened. */
export function LeadCallDetails({ leadId, changedAt }: CallDetailsProps) {
  const [opened, setOpened] = useState(false);
  return (
    <details onToggle={(event) => event.currentTarget.open && setOpened(true)}>
      <summary>Call and transcript</summary>
      {opened && <LoadedCall leadId={leadId} changedAt={changedAt} />}
    </details>
  );
}
