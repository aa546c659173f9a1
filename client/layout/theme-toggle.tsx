import { css } from '@emotion/react';
import { Tooltip } from '#client/components/tooltip.tsx';
import { THEME_LABELS as LABELS, type ThemeChoice, useThemeChoice } from './theme-choice.ts';

const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];
const ICONS: Record<ThemeChoice, string> = {
  system: 'M4 5h16v11H4zM9 19h6',
  light:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

function ThemeIcon({ choice }: { choice: ThemeChoice }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true">
      <path d={ICONS[choice]} />
    </svg>
  );
}

const button = css`
  display: inline-grid;
  place-items: center;
  width: 2.75rem;
  height: 2.75rem;
  border: 1px solid var(--color-border);
  border-radius: 999px;
  background: var(--color-surface);
  color: var(--color-text);
  cursor: pointer;
  svg {
    width: 1.25rem;
    height: 1.25rem;
  }
`;

/** Cycles system → light → dark. */
export function ThemeToggle() {
  const [choice, choose] = useThemeChoice();
  const next = ORDER[(ORDER.indexOf(choice) + 1) % ORDER.length] ?? 'system';

  return (
    <Tooltip label={`${LABELS[choice]} (switch to ${LABELS[next].toLowerCase()})`}>
      {(describedBy) => (
        <button
          type="button"
          css={button}
          aria-label={`Theme: ${LABELS[choice]}. Switch to ${LABELS[next].toLowerCase()}`}
          aria-describedby={describedBy}
          onClick={() => choose(next)}
        >
          <ThemeIcon choice={choice} />
        </button>
      )}
    </Tooltip>
  );
}

const switchGroup = css`
  container-type: inline-size;
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: var(--space-1);
  margin: 0;
  padding: var(--space-1);
  border: 1px solid var(--color-border);
  border-radius: 999px;
  button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: var(--space-2);
    min-height: 2.75rem;
    padding: 0 var(--space-2);
    border: 0;
    border-radius: 999px;
    background: transparent;
    color: var(--color-text);
    font-weight: 600;
    font-size: 0.9375rem;
    cursor: pointer;
  }
  /* In a narrow menu (a 320 px phone's: 72 px a button) 'System' and its icon do not fit side by side. */
  @container (max-width: 16.5rem) {
    button {
      flex-direction: column;
      gap: 0.125rem;
      padding: var(--space-1);
    }
  }
  button[aria-pressed='true'] {
    background: var(--color-text);
    color: var(--color-bg);
  }
  svg {
    flex: none;
    width: 1.125rem;
    height: 1.125rem;
  }
`;

const SHORT_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

/** The three themes side by side, for the menu on phones: each one a tap away, the current one pressed. */
export function ThemeSwitch() {
  const [choice, choose] = useThemeChoice();
  return (
    <fieldset css={switchGroup}>
      <legend className="visually-hidden">Theme</legend>
      {ORDER.map((option) => (
        <button
          key={option}
          type="button"
          aria-pressed={choice === option}
          aria-label={LABELS[option]}
          onClick={() => choose(option)}
        >
          <ThemeIcon choice={option} />
          {SHORT_LABELS[option]}
        </button>
      ))}
    </fieldset>
  );
}
