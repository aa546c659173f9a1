import { css } from '@emotion/react';
import { useEffect, useState } from 'react';
import { Tooltip } from '../components/tooltip.tsx';
import { THEME_STORAGE_KEY } from '../styles/boot-script.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
const ORDER: ThemeChoice[] = ['system', 'light', 'dark'];
const LABELS: Record<ThemeChoice, string> = { system: 'System theme', light: 'Light theme', dark: 'Dark theme' };
const ICONS: Record<ThemeChoice, string> = {
  system: 'M4 5h16v11H4zM9 19h6',
  light:
    'M12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 1v3M12 20v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M1 12h3M20 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1',
  dark: 'M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z',
};

const button = css`
  display: inline-grid;
  place-items: center;
  width: 2.5rem;
  height: 2.5rem;
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

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** Cycles system → light → dark; remembered, and applied before first paint by the boot script. */
export function ThemeToggle() {
  const [choice, setChoice] = useState<ThemeChoice>('system');
  useEffect(() => setChoice(readChoice()), []);

  const choose = (next: ThemeChoice) => {
    setChoice(next);
    const root = document.documentElement;
    try {
      if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
      else localStorage.setItem(THEME_STORAGE_KEY, next);
    } catch {}
    if (next === 'system') delete root.dataset.theme;
    else root.dataset.theme = next;
  };
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
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            aria-hidden="true"
          >
            <path d={ICONS[choice]} />
          </svg>
        </button>
      )}
    </Tooltip>
  );
}
