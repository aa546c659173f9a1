import { type FormEvent, useEffect, useId, useState } from 'react';
import { buttonStyles } from '#client/styles/buttons.ts';
import {
  CONSENT_STATE_LABELS,
  CONSENT_STATES,
  DELIVERY_STATE_LABELS,
  DELIVERY_STATES,
  type InboxFilters,
  LEAD_KIND_LABELS,
  LEAD_KINDS,
} from '#shared/lead-inbox.ts';
import { KNOWN_SOURCE_TAGS } from '#shared/source-tag.ts';
import { Fold } from './fold.tsx';
import { inboxQueryString } from './inbox-params.ts';
import { actions, fields, panel } from './styles.ts';

interface ChoiceProps<T extends string> {
  label: string;
  name: string;
  /** The first option, which sets no filter. */
  any: string;
  /** Each value the filter takes, in order, and its words. */
  values: readonly T[];
  labels: Record<T, string>;
  value: T | undefined;
  onChange: (value: T | undefined) => void;
}

/** One of a filter's values, or any. */
function Choice<T extends string>({ label, name, any, values, labels, value, onChange }: ChoiceProps<T>) {
  return (
    <label>
      {label}
      <select
        name={name}
        value={value ?? ''}
        onChange={(event) => onChange(values.find((known) => known === event.target.value))}
      >
        <option value="">{any}</option>
        {values.map((known) => (
          <option key={known} value={known}>
            {labels[known]}
          </option>
        ))}
      </select>
    </label>
  );
}

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
            <Choice
              label="Kind"
              name="kind"
              any="Any kind"
              values={LEAD_KINDS}
              labels={LEAD_KIND_LABELS}
              value={draft.kind}
              onChange={(kind) => set({ kind })}
            />
            <Choice
              label="Delivery"
              name="state"
              any="Any delivery state"
              values={DELIVERY_STATES}
              labels={DELIVERY_STATE_LABELS}
              value={draft.state}
              onChange={(state) => set({ state })}
            />
            <Choice
              label="Consent"
              name="consent"
              any="Any consent state"
              values={CONSENT_STATES}
              labels={CONSENT_STATE_LABELS}
              value={draft.consent}
              onChange={(consent) => set({ consent })}
            />
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
