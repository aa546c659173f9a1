import { css } from '@emotion/react';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RefreshButton } from '#client/components/refresh-button.tsx';
import { isSignedOutError, sessionEnded } from '#client/features/operator/operator-session.ts';
import { useQuery } from '#client/lib/use-query.ts';
import { buttonStyles } from '#client/styles/buttons.ts';
import { INBOX_PAGE_SIZE, type InboxFilters } from '#shared/lead-inbox.ts';
import { DeliveryPanel } from './delivery-panel.tsx';
import { followInbox, unseenLeadsAtom } from './follow-inbox.ts';
import { InboxFiltersForm } from './inbox-filters.tsx';
import { filtersFromSearch, inboxQueryString, isFiltered } from './inbox-params.ts';
import { LeadCard } from './lead-card.tsx';
import { DELIVERY, deliveryQuery, inboxQuery, refreshShown, reloadLeads, retryLead } from './leads-queries.ts';
import { PrivacyPanel } from './privacy-panel.tsx';
import { RetryButton } from './retry-button.tsx';
import { actions, muted } from './styles.ts';

const list = css`
  display: grid;
  gap: var(--space-3);
  margin: var(--space-3) 0 0;
  padding: 0;
  list-style: none;
`;

const heading = css`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: var(--space-3);
  h2 {
    margin: 0;
    font-size: 1.25rem;
  }
  h2:focus {
    outline: none;
  }
`;

/** How long the page waits after a call moves on before it reloads, so that changes close together load once. */
const CALL_RELOAD_AFTER_MS = 500;

/** A notice of what an action did is said, then goes: left up, it would speak of a state long past. */
export const NOTICE_SHOWN_MS = 10_000;

/**
 * The lead inbox: what waits for delivery, the filters, and the leads a page at a time, newest first. The filters
 * live in the address (bookmarkable; Back returns to the ones before), and leads accepted while it is open come in
 * by themselves (shared/inbox-protocol.ts).
 */
export function LeadInbox() {
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const filterKey = inboxQueryString(filters);
  // Cursors of the pages above the one shown, for these filters: the newest page has none.
  const [paging, setPaging] = useState<{ filterKey: string; cursors: string[] }>({ filterKey, cursors: [] });
  const cursors = paging.filterKey === filterKey ? paging.cursors : [];
  const setCursors = (to: string[]) => setPaging({ filterKey, cursors: to });
  const cursor = cursors.at(-1);
  const params = useMemo(() => ({ filters, cursor }), [filters, cursor]);
  const firstParams = useMemo(() => ({ filters, cursor: undefined }), [filters]);
  const page = useQuery(inboxQuery, params);
  // The first page carries the total; later pages show it from there while it is cached.
  const first = useQuery(inboxQuery, firstParams, { enabled: false });
  const delivery = useQuery(deliveryQuery, DELIVERY);
  const canRetry = delivery.data?.webhookConfigured ?? false;
  const [notice, setNotice] = useState('');
  const [arrived, setArrived] = useState(0);
  // Whether the inbox room is heard: while it is not, new leads and calls do not show by themselves.
  const [live, setLive] = useState(true);
  // Leads that came in above an older page, which its button offers to show.
  const waiting = cursors.length > 0 ? arrived : 0;
  const setUnseen = useSetAtom(unseenLeadsAtom);
  const title = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  const shown = useRef(params);
  shown.current = params;

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(''), NOTICE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  useEffect(() => {
    // A tab out of sight counts what came in, in its title; looked at again, the count is seen.
    const seen = () => {
      if (document.visibilityState === 'visible') setUnseen(0);
    };
    document.addEventListener('visibilitychange', seen);
    // A call's changes come a few at once (ringing, then in progress): the page reloads once for them.
    let callReload: ReturnType<typeof setTimeout> | undefined;
    const stop = followInbox({
      onLead() {
        if (document.visibilityState === 'hidden') setUnseen((count) => count + 1);
        // The newest page takes them in; an older one says how many wait above it.
        if (shown.current.cursor === undefined) refreshShown(shown.current);
        else setArrived((count) => count + 1);
      },
      onCall() {
        callReload ??= setTimeout(() => {
          callReload = undefined;
          refreshShown(shown.current);
        }, CALL_RELOAD_AFTER_MS);
      },
      onConnection: setLive,
    });
    return () => {
      stop();
      clearTimeout(callReload);
      document.removeEventListener('visibilitychange', seen);
      setUnseen(0);
    };
  }, [setUnseen]);

  // Errors are only logged and said politely; a lapsed session brings the sign-in back.
  const onError = useCallback((error: unknown) => {
    console.warn('the lead inbox could not be loaded', error);
    if (isSignedOutError(error)) sessionEnded('operator');
  }, []);
  useEffect(() => {
    if (page.status === 'error') onError(page.error);
  }, [page.status, page.error, onError]);

  useEffect(() => {
    // After Newer or Older the list starts again at its heading, for keyboard and screen-reader users alike.
    if (moved.current && page.data) {
      moved.current = false;
      title.current?.focus();
    }
  }, [page.data]);

  function go(to: string[]) {
    moved.current = true;
    setNotice('');
    if (to.length === 0 && arrived > 0) {
      // The newest page as it is now, with what came in since it was loaded.
      setArrived(0);
      refreshShown({ filters, cursor: undefined });
    }
    setCursors(to);
  }

  function apply(next: InboxFilters) {
    setNotice('');
    setArrived(0);
    // A new entry in the history: Back returns to the filters before.
    setSearch(inboxQueryString(next));
  }

  function refresh() {
    setNotice('');
    void page.refetch();
    void deliveryQuery.refetch(DELIVERY);
  }

  function retried(outcome: { retried: number } | { problem: string }, what: string) {
    if ('problem' in outcome) {
      setNotice(`${what} could not be retried: ${outcome.problem}`);
      return;
    }
    const sent =
      outcome.retried === 1 ? 'the delivery is' : `${outcome.retried.toLocaleString('en-US')} deliveries are`;
    setNotice(
      outcome.retried === 0 ? `${what}: nothing was waiting to be retried.` : `${what}: ${sent} being sent again now.`,
    );
    reloadLeads(params);
  }

  const data = page.data;
  const total = data?.total ?? first.data?.total ?? null;
  // Every page but the last holds a full page (the API's default size).
  const from = cursors.length * INBOX_PAGE_SIZE + 1;
  const range = data ? `${from.toLocaleString('en-US')}-${(from + data.leads.length - 1).toLocaleString('en-US')}` : '';

  return (
    <div>
      <DeliveryPanel onError={onError} onRetried={(outcome) => retried(outcome, 'Given-up deliveries')} />
      <p role="status" css={[muted, { margin: '0 0 var(--space-4)', fontWeight: 600 }]}>
        {notice}
      </p>
      <InboxFiltersForm applied={filters} onApply={apply} />
      <section aria-labelledby={`${id}-title`} aria-busy={page.fetching}>
        <div css={heading}>
          <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
            Leads
          </h2>
          <div css={[actions, { marginTop: 0 }]}>
            {/* The browser downloads it with the session cookie; the server streams it (text/csv, attachment). */}
            <a css={buttonStyles.secondary} href={`/api/leads/export.csv?${inboxQueryString(filters)}`} download>
              Export CSV
            </a>
            <RefreshButton fetching={page.fetching} onRefresh={refresh} />
          </div>
        </div>
        {waiting > 0 ? (
          <p css={[actions, { marginTop: 'var(--space-2)' }]}>
            <button type="button" css={buttonStyles.primary} onClick={() => go([])}>
              {arrived === 1 ? 'A new lead came in: show the newest' : `${arrived} new leads came in: show the newest`}
            </button>
          </p>
        ) : null}
        <p role="status" css={[muted, { marginTop: 'var(--space-2)' }]}>
          {!data
            ? page.status === 'error'
              ? `The leads could not be loaded: ${page.error instanceof Error ? page.error.message : 'please try Refresh.'}`
              : 'Loading...'
            : data.leads.length === 0
              ? isFiltered(filters)
                ? 'No lead matches these filters.'
                : 'No leads yet. Leads from the demo-call and contact forms show here as they come in.'
              : `Leads ${range}${total === null ? '' : ` of ${total.toLocaleString('en-US')}`}, newest first${
                  isFiltered(filters) ? ', filtered' : ''
                }.`}
          {data && page.status === 'error' ? ' The latest could not be loaded: these are as loaded before.' : ''}
          {/* The button above says it to the eye; this says it to a screen reader as it happens. */}
          {waiting > 0 && (
            <span className="visually-hidden">
              {waiting === 1 ? ' A new lead came in.' : ` ${waiting.toLocaleString('en-US')} new leads came in.`}
            </span>
          )}
          {live ? '' : ' Live updates paused: reconnecting…'}
        </p>
        {data && data.leads.length > 0 ? (
          <ol css={list}>
            {data.leads.map((lead) => (
              <li key={lead.id}>
                <LeadCard
                  lead={lead}
                  actions={
                    canRetry && (lead.delivery?.state === 'retrying' || lead.delivery?.state === 'given_up') ? (
                      <div css={actions}>
                        <RetryButton
                          label={`Retry delivery of ${lead.fullName}`}
                          retry={() => retryLead(lead.id)}
                          onDone={(outcome) => retried(outcome, `Delivery of ${lead.fullName}`)}
                        >
                          Retry delivery
                        </RetryButton>
                      </div>
                    ) : undefined
                  }
                />
              </li>
            ))}
          </ol>
        ) : null}
        <nav css={[actions, { marginBottom: 'var(--space-6)' }]} aria-label="Lead pages">
          <button
            type="button"
            css={buttonStyles.secondary}
            disabled={cursors.length === 0}
            onClick={() => go(cursors.slice(0, -1))}
          >
            Newer
          </button>
          <button
            type="button"
            css={buttonStyles.secondary}
            disabled={!data?.nextCursor}
            onClick={() => data?.nextCursor && go([...cursors, data.nextCursor])}
          >
            Older
          </button>
        </nav>
      </section>
      <PrivacyPanel onErased={() => reloadLeads(params)} onError={onError} />
    </div>
  );
}
