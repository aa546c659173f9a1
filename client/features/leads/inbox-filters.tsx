import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonStyles } from '#client/styles/buttons.ts';
import {
  CONSENT_STATE_LABELS,
  CONSENT_STATES,
  type ConsentState,
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type DeliveryState,
  type InboxFilters,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  type LeadKind,
} from '#shared/lead-inbox.ts';
import { KNOWN_SOURCE_TAGS } from '#shared/source-tag.ts';
import { Fold } from './fold.tsx';
import { inboxQueryString } from './inbox-params.ts';
import { actions, fields, panel } from './styles.ts';

const isKind = (value: string): value is LeadKind => LEAD_KINDS.some((kind) => kind === value);
const isState = (value: string): value is DeliveryState => DELIVERY_STATES.some((state) => state === value);
const isConsent = (value: string): value is ConsentState => CONSENT_STATES.some((state) => state === value);

interface InboxFiltersFormProps {
  applied: InboxFilters;
  onApply: (filters: InboxFilters) => void;
}

/** Search and filters; nothing changes until they are applied (Enter in any field, or the button). */
export function InboxFiltersForm({ applied, onApply }: InboxFiltersFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<InboxFilters>(applied);
  const set = (change: Partial<InboxFilters>) => setDraft((current) => ({ ...current, ...change }));
  const appliedKey = inboxQueryString(applied);
  const setCount = new URLSearchParams(appliedKey).size;

  // Back, Forward and a bookmark change what is applied: the form shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for `applied`, a new object each render
  useEffect(() => setDraft(applied), [appliedKey]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  function clear() {
    setDraft({});
    onApply({});
  }

  return (
    <search css={panel} aria-labelledby={`${id}-title`}>
      <Fold
        titleId={`${id}-title`}
        title="Find leads"
        note={setCount === 0 ? undefined : setCount === 1 ? '1 filter set' : `${setCount} filters set`}
      >
        <form onSubmit={submit}>
          <div css={fields}>
            <label css={{ gridColumn: '1 / -1' }}>
              Search
              <input
                type="search"
                name="q"
                value={draft.q ?? ''}
                maxLength={100}
                placeholder="Phone number, name or e-mail"
                autoComplete="off"
                onChange={(event) => set({ q: event.target.value })}
              />
            </label>
            <label>
              Kind
              <select
                name="kind"
                value={draft.kind ?? ''}
                onChange={(event) => set({ kind: isKind(event.target.value) ? event.target.value : undefined })}
              >
                <option value="">Any kind</option>
                {LEAD_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {LEAD_KIND_LABELS[kind]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Delivery
              <select
                name="state"
                value={draft.state ?? ''}
                onChange={(event) => set({ state: isState(event.target.value) ? event.target.value : undefined })}
              >
                <option value="">Any delivery state</option>
                {DELIVERY_STATES.map((state) => (
                  <option key={state} value={state}>
                    {DELIVERY_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Consent
              <select
                name="consent"
                value={draft.consent ?? ''}
                onChange={(event) => set({ consent: isConsent(event.target.value) ? event.target.value : undefined })}
              >
                <option value="">Any consent state</option>
                {CONSENT_STATES.map((state) => (
                  <option key={state} value={state}>
                    {CONSENT_STATE_LABELS[state]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Source tag
              <input
                name="source"
                value={draft.source ?? ''}
                list={`${id}-tags`}
                autoComplete="off"
                spellCheck={false}
                onChange={(event) => set({ source: event.target.value })}
              />
              <datalist id={`${id}-tags`}>
                {KNOWN_SOURCE_TAGS.map((tag) => (
                  <option key={tag} value={tag} />
                ))}
              </datalist>
            </label>
            <label>
              From (UTC)
              <input
                type="date"
                name="from"
                value={draft.from ?? ''}
                max={draft.to || undefined}
                onChange={(event) => set({ from: event.target.value })}
              />
            </label>
            <label>
              To (UTC)
              <input
                type="date"
                name="to"
                value={draft.to ?? ''}
                min={draft.from || undefined}
                onChange={(event) => set({ to: event.target.value })}
              />
            </label>
          </div>
          <div css={actions}>
            <button type="submit" css={buttonStyles.primary}>
              Apply filters
            </button>
            <button type="button" css={buttonStyles.secondary} onClick={clear}>
              Clear
            </button>
          </div>
        </form>
      </Fold>
    </search>
  );
}
