import { atom, useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { THEME_STORAGE_KEY } from '#client/styles/boot-script.ts';

export type ThemeChoice = 'light' | 'dark' | 'system';
export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};

// One choice for the whole page: the header's toggle and the menu's switch show the same state.
const choiceAtom = atom<ThemeChoice>('system');

function readChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

/** The visitor's theme: remembered, and applied before first paint by the boot script. */
export function useThemeChoice(): [ThemeChoice, (next: ThemeChoice) => void] {
  const [choice, setChoice] = useAtom(choiceAtom);
  // The server cannot know what this browser stored, so the stored choice is read after hydration.
  useEffect(() => setChoice(readChoice()), [setChoice]);
  const choose = useCallback(
    (next: ThemeChoice) => {
      setChoice(next);
      const root = document.documentElement;
      try {
        if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
        else localStorage.setItem(THEME_STORAGE_KEY, next);
      } catch {}
      if (next === 'system') delete root.dataset.theme;
      else root.dataset.theme = next;
    },
    [setChoice],
  );
  return [choice, choose];
}
