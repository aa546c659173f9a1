import { atom, useAtom } from 'jotai';
import { useCallback, useEffect } from 'react';
import { type StoredTheme, themeCookie } from '#shared/theme-cookie.ts';

export type ThemeChoice = StoredTheme | 'system';
export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};

/** Where the choice was kept before it was a cookie: moved to the cookie once (docs/decisions/0027-theme-in-a-cookie.md). */
const OLD_THEME_STORAGE_KEY = 'theme';

// One choice for the whole page: the header's toggle and the menu's switch show the same state.
const choiceAtom = atom<ThemeChoice>('system');

/** The theme the page has: the server set it from the visitor's cookie, and a choice sets it again. */
export function appliedTheme(root: HTMLElement): StoredTheme | undefined {
  const theme = root.dataset.theme;
  return theme === 'light' || theme === 'dark' ? theme : undefined;
}

function apply(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
  // biome-ignore lint/suspicious/noDocumentCookie: kept at once; the Cookie Store API keeps it asynchronously (a page opened right after could be asked for without it) and some browsers lack it.
  document.cookie = themeCookie(choice === 'system' ? undefined : choice);
}

/** A choice kept in storage by an earlier version of the site, taken into the cookie once and forgotten there. */
function movedFromStorage(): StoredTheme | undefined {
  try {
    const stored = localStorage.getItem(OLD_THEME_STORAGE_KEY);
    if (stored === null) return undefined;
    localStorage.removeItem(OLD_THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The visitor's theme: remembered, and applied by the server before the first paint. */
export function useThemeChoice(): [ThemeChoice, (next: ThemeChoice) => void] {
  const [choice, setChoice] = useAtom(choiceAtom);
  // The cached page the server sent is the same for every visitor with the same choice; the control's state is read
  // after hydration, from the page.
  useEffect(() => {
    const applied = appliedTheme(document.documentElement);
    setChoice(applied ?? 'system');
    if (applied) return undefined;
    // When the browser is idle: a first read of storage waits on the browser's own process.
    const later = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? clearTimeout;
    const idle = later(() => {
      const moved = movedFromStorage();
      if (!moved) return;
      apply(moved);
      setChoice(moved);
    });
    return () => cancel(idle);
  }, [setChoice]);
  const choose = useCallback(
    (next: ThemeChoice) => {
      setChoice(next);
      apply(next);
    },
    [setChoice],
  );
  return [choice, choose];
}
