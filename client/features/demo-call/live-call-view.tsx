import { css } from '@emotion/react';
import { useEffect, useId, useRef } from 'react';
import { FIELD_ROWS, fieldText, formatDuration, type LiveCall, SPEAKER_LABELS, stateLabel } from './live-call.ts';

// The live call inside the demo dialog: its own chunk, loaded once the visitor chooses to watch.

const view = css`
  display: grid;
  gap: var(--space-4);
  min-width: 0;
  h3 {
    margin: 0 0 var(--space-2);
    font-size: 1rem;
  }
  p {
    margin: 0;
  }
  dl {
    display: grid;
    margin: 0;
  }
  dt {
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
  .muted {
    color: var(--color-muted);
  }
`;

const stateLine = css`
  display: flex;
  align-items: center;
  gap: var(--space-2);
  font-weight: 600;
  &::before {
    content: '';
    flex: none;
    width: 0.625rem;
    height: 0.625rem;
    border-radius: 999px;
    background: var(--color-border-strong);
  }
  &[data-live='true']::before {
    background: var(--color-success);
    animation: live-dot 1.4s ease-in-out infinite;
  }
  /* Cut short, an endless blink would flicker: with reduced motion the dot stays still. */
  @media (prefers-reduced-motion: reduce) {
    &[data-live='true']::before {
      animation: none;
    }
  }
  @keyframes live-dot {
    50% {
      opacity: 0.35;
    }
  }
`;

/* The summary: each label above its value, which may be a sentence or two. */
const stacked = css`
  row-gap: var(--space-2);
`;

/* The fields: a short label beside each value, one row each, compact on a phone too. */
const sideBySide = css`
  grid-template-columns: max-content minmax(0, 1fr);
  column-gap: var(--space-3);
  row-gap: var(--space-1);
  & > div {
    display: contents;
  }
  dt {
    line-height: 1.6rem;
  }
`;

const transcriptBox = css`
  display: grid;
  align-content: start;
  gap: var(--space-2);
  max-height: min(18rem, 40dvh);
  min-height: 6rem;
  overflow-y: auto;
  overscroll-behavior: contain;
  padding: var(--space-3);
  border: 1px solid var(--color-border);
  border-radius: var(--radius);
  background: var(--color-bg);
  p {
    overflow-wrap: anywhere;
  }
  b {
    margin-right: var(--space-1);
  }
  [data-partial] {
    color: var(--color-muted);
  }
`;

// A field appears with a short highlight; reduced motion cuts every animation short (client/styles/global-styles.tsx).
const filled = css`
  animation: field-in 1.2s ease-out;
  @keyframes field-in {
    from {
      background: var(--color-glow);
    }
  }
`;

/** Keeps the newest line in sight while the visitor has not scrolled up to read an earlier one. */
function useFollowNewest(lines: number) {
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  useEffect(() => {
    const element = box.current;
    if (!element || !atEnd.current || lines === 0) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollTo({ top: element.scrollHeight, behavior: still ? 'auto' : 'smooth' });
  }, [lines]);
  const onScroll = () => {
    const element = box.current;
    if (element) atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
  };
  return { box, onScroll };
}

function Summary({ call }: { call: LiveCall }) {
  const id = useId();
  const { summary } = call;
  return (
    <section aria-labelledby={id}>
      <h3 id={id}>Call summary</h3>
      {summary ? (
        <dl css={stacked}>
          {summary.durationSeconds !== null && (
            <div>
              <dt>Duration</dt>
              <dd>{formatDuration(summary.durationSeconds)}</dd>
            </div>
          )}
          <div>
            <dt>What the assistant learned</dt>
            <dd>{summary.learned ?? 'Nothing yet'}</dd>
          </div>
          <div>
            <dt>Next step</dt>
            <dd>{summary.nextStep ?? 'None'}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">Summing up the call…</p>
      )}
    </section>
  );
}

/**
 * The transcript as it is spoken, the fields as they are heard, and the summary once the call has ended.
 *
 * The transcript is a polite log: a final line is added as a node of its own and read out; a partial line is
 * drawn but hidden from screen readers, so the words being spoken are not read out half-way, and it is replaced
 * by a new node (its final line) rather than changed in place.
 */
export function LiveCallView({ call, connected = true }: { call: LiveCall; connected?: boolean }) {
  const fieldsId = useId();
  const { box, onScroll } = useFollowNewest(call.transcript.length);
  const ended = call.state === 'ended';
  // The dot blinks while the call is heard as it happens, not while the connection is being made again.
  const live = connected && (call.state === 'ringing' || call.state === 'in-progress');
  return (
    <div css={view}>
      <p css={stateLine} data-live={live}>
        {stateLabel(call)}
      </p>
      {/* Once the call has ended its outcome comes first. */}
      {ended && <Summary call={call} />}
      <div
        ref={box}
        css={transcriptBox}
        role="log"
        aria-label="Transcript"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard
        tabIndex={0}
        onScroll={onScroll}
      >
        {call.transcript.length === 0 && (
          <p className="muted">{ended ? 'Nothing was said.' : 'What is said appears here as it is spoken.'}</p>
        )}
        {call.transcript.map((line) =>
          line.kind === 'final' ? (
            <p key={`${line.utteranceId}:final`}>
              <b>{SPEAKER_LABELS[line.role]}:</b> {line.text}
            </p>
          ) : (
            <p key={`${line.utteranceId}:partial`} aria-hidden="true" data-partial="">
              <b>{SPEAKER_LABELS[line.role]}:</b> {line.text}…
            </p>
          ),
        )}
      </div>
      <section aria-labelledby={fieldsId}>
        <h3 id={fieldsId}>What the assistant has learned</h3>
        <dl css={sideBySide}>
          {FIELD_ROWS.map(({ name, label }) => {
            const text = fieldText(call.fields, name);
            return (
              <div key={name}>
                <dt>{label}</dt>
                {text === undefined ? (
                  <dd className="muted">{ended ? 'Not heard' : 'Listening…'}</dd>
                ) : (
                  <dd key="heard" css={filled}>
                    {text}
                  </dd>
                )}
              </div>
            );
          })}
        </dl>
      </section>
    </div>
  );
}
