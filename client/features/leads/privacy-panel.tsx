import { css } from '@emotion/react';
import { type FormEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { FocusableButton } from '#client/components/focusable-button.tsx';
import { cardTable, tableScroller } from '#client/features/analytics/table-styles.ts';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { LEAD_KIND_LABELS } from '#shared/lead-inbox.ts';
import type { PrivacyFindings } from '#shared/privacy-requests.ts';
import { formatTime } from './format.ts';
import {
  AUDIT,
  auditQuery,
  describeCounts,
  downloadRecords,
  eraseRecords,
  findRecords,
  type Subject,
  subjectOf,
} from './privacy-queries.ts';
import { problemOf } from './retry-button.tsx';
import { actions, fields, muted, panel, warning } from './styles.ts';

const danger = css`
  ${buttonStyles.secondary};
  border-color: var(--color-danger);
  color: var(--color-danger);
`;

// The legend sits inside the box as the question's first line, not on its border.
const confirmation = css`
  min-width: 0;
  margin-top: var(--space-4);
  legend {
    float: left;
    width: 100%;
    padding: 0;
  }
  legend + * {
    clear: both;
  }
`;

const found = css`
  margin-top: var(--space-4);
  ul {
    margin: var(--space-2) 0 0;
    padding-left: var(--space-6);
  }
`;

// Each audit trail column's header, which each of its cells also carries to label itself when the rows are cards.
const COLUMN = {
  when: 'When',
  request: 'Request',
  foundBy: 'Found by',
  records: 'Records',
} as const satisfies Record<string, string>;

interface PrivacyPanelProps {
  /** Told after an erasure, so the inbox and its counts load again. */
  onErased: () => void;
  onError: (error: unknown) => void;
}

/**
 * Privacy requests: every record of one person, by phone number or e-mail address, downloaded or erased on
 * request. The audit trail below says what was done and when, and keeps no personal data.
 */
export function PrivacyPanel({ onErased, onError }: PrivacyPanelProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [subject, setSubject] = useState<Subject | null>(null);
  const [findings, setFindings] = useState<PrivacyFindings | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const subjectField = useRef<HTMLInputElement>(null);
  const eraseButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // Where the focus goes once the next render is on screen, when the button it was on is gone.
  const focusNext = useRef<RefObject<HTMLElement | null> | null>(null);
  const audit = useQuery(auditQuery, AUDIT);

  useEffect(() => {
    if (audit.status === 'error') onError(audit.error);
  }, [audit.status, audit.error, onError]);
  useEffect(() => {
    focusNext.current?.current?.focus();
    focusNext.current = null;
  });

  function confirm(open: boolean) {
    setConfirming(open);
    focusNext.current = open ? confirmButton : eraseButton;
  }

  async function act(work: () => Promise<string>) {
    setBusy(true);
    try {
      setMessage(await work());
    } catch (error) {
      onError(error);
      setMessage(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  function find(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const asked = subjectOf(text);
    setConfirming(false);
    setFindings(null);
    void act(async () => {
      const result = await findRecords(asked);
      setSubject(asked);
      setFindings(result);
      return `Found ${describeCounts(result.counts)}.`;
    });
  }

  function download() {
    if (!subject) return;
    void act(async () => {
      await downloadRecords(subject);
      void audit.refetch();
      return 'The records were downloaded, and the download is in the audit trail.';
    });
  }

  function erase() {
    if (!subject) return;
    void act(async () => {
      const result = await eraseRecords(subject);
      setConfirming(false);
      setFindings(null);
      setSubject(null);
      setText('');
      focusNext.current = subjectField;
      void audit.refetch();
      onErased();
      return `Erased ${describeCounts(result.erased)}.`;
    });
  }

  const nothing = findings !== null && Object.values(findings.counts).every((count) => count === 0);
  return (
    <section css={panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Privacy requests</h2>
      <p css={muted}>
        Find every record of a person by their phone number or e-mail address: their leads with the consent records,
        calls and deliveries, the visits of the browsers those leads were sent from (never others' visits from the same
        address), and the demo-call limit on their number. Download it for them, or erase it. The audit trail keeps what
        was done, not who it was about.
      </p>
      <form onSubmit={find} css={{ marginTop: 'var(--space-3)' }}>
        <div css={fields}>
          <label>
            Phone number or e-mail address
            <input
              ref={subjectField}
              name="subject"
              value={text}
              autoComplete="off"
              required
              maxLength={254}
              onChange={(event) => setText(event.target.value)}
            />
          </label>
        </div>
        <div css={actions}>
          <FocusableButton type="submit" css={buttonStyles.primary} unavailable={busy || text.trim() === ''}>
            Find records
          </FocusableButton>
        </div>
      </form>
      <p role="status" css={[muted, { marginTop: 'var(--space-3)', fontWeight: 600 }]}>
        {message}
      </p>
      {findings && !nothing ? (
        <div css={found}>
          <p css={{ margin: 0 }}>
            Found by {findings.matchedBy === 'phone' ? 'phone number' : 'e-mail address'}, with these leads:
          </p>
          <ul>
            {findings.leads.map((lead) => (
              <li key={lead.id}>
                {lead.fullName}, {LEAD_KIND_LABELS[lead.kind].toLowerCase()}, {formatTime(lead.createdAt)}
              </li>
            ))}
          </ul>
          {confirming ? (
            // A fieldset groups the question with its answers; Escape cancels, as it closes a dialog.
            <fieldset
              css={[warning, confirmation]}
              onKeyDown={(event) => {
                if (event.key === 'Escape' && !busy) confirm(false);
              }}
            >
              <legend>
                <strong>Erase {describeCounts(findings.counts)} for good?</strong> This cannot be undone.
              </legend>
              <div css={actions}>
                <FocusableButton ref={confirmButton} css={danger} unavailable={busy} onClick={erase}>
                  Yes, erase
                </FocusableButton>
                <FocusableButton css={buttonStyles.secondary} unavailable={busy} onClick={() => confirm(false)}>
                  Cancel
                </FocusableButton>
              </div>
            </fieldset>
          ) : (
            <div css={actions}>
              <FocusableButton css={buttonStyles.secondary} unavailable={busy} onClick={download}>
                Download records (JSON)
              </FocusableButton>
              <FocusableButton ref={eraseButton} css={danger} unavailable={busy} onClick={() => confirm(true)}>
                Erase records
              </FocusableButton>
            </div>
          )}
        </div>
      ) : null}
      <h3 css={{ margin: 'var(--space-6) 0 var(--space-2)', fontSize: '1.0625rem' }}>Audit trail</h3>
      {!audit.data ? (
        <p css={muted}>{audit.status === 'error' ? 'The audit trail could not be loaded.' : 'Loading...'}</p>
      ) : audit.data.length === 0 ? (
        <p css={muted}>No privacy request has been answered yet.</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
        <section css={tableScroller} tabIndex={0} aria-label="Audit trail of privacy requests">
          {/* biome-ignore lint/a11y/noRedundantRoles: shown as cards, it still says it is a table (docs/content.md#tables). */}
          <table css={cardTable()} role="table">
            <caption>
              {audit.data.length === 1
                ? 'The one privacy request answered so far'
                : `The latest ${audit.data.length} privacy requests, newest first`}
            </caption>
            <thead>
              <tr>
                <th scope="col">{COLUMN.when}</th>
                <th scope="col">{COLUMN.request}</th>
                <th scope="col">{COLUMN.foundBy}</th>
                <th scope="col">{COLUMN.records}</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={COLUMN.when}>
                    <time dateTime={entry.at}>{formatTime(entry.at)}</time>
                  </td>
                  <td data-label={COLUMN.request}>{entry.action === 'erase' ? 'Erased' : 'Downloaded'}</td>
                  <td data-label={COLUMN.foundBy}>{entry.matchedBy === 'phone' ? 'Phone number' : 'E-mail address'}</td>
                  <td data-label={COLUMN.records}>{describeCounts(entry.counts)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
