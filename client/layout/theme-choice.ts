import { atom, useSetAtom, useStore } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useAtomAsRendered } from '#client/lib/use-atom-as-rendered.ts';
import { type StoredTheme, themeCookie, themeOfCookieHeader } from '#shared/theme-cookie.ts';

export type ThemeChoice = StoredTheme | 'system';
export const THEME_LABELS: Record<ThemeChoice, string> = {
  system: 'System theme',
  light: 'Light theme',
  dark: 'Dark theme',
};

/** Where the choice was kept before it was a cookie: moved to the cookie once (docs/decisions/0027-theme-in-a-cookie.md). */
const OLD_THEME_STORAGE_KEY = 'theme';

// One choice for the whole page: the header's toggle and the menu's switch show the same state. It starts at the theme
// the page came with (`ThemeChoiceFrom`, and client/islands/page-store.ts for the islands), so the server's HTML shows
// the visitor's choice and hydration has nothing to change.
export const themeChoiceAtom = atom<ThemeChoice>('system');

/**
 * The choice the page's HTML was rendered with. An island that hydrates after the choice has changed (the menu's
 * switch, first opened after a choice in the header) hydrates on this one, then shows the current choice: hydration
 * does not correct an attribute that differs from the server's.
 */
export const renderedThemeChoiceAtom = atom<ThemeChoice>('system');

/** The theme the page has: the server set it from the visitor's cookie, and a choice sets it again. */
export function appliedTheme(root: HTMLElement): StoredTheme | undefined {
  const theme = root.dataset.theme;
  return theme === 'light' || theme === 'dark' ? theme : undefined;
}

function show(choice: ThemeChoice): void {
  const root = document.documentElement;
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

function apply(choice: ThemeChoice): void {
  show(choice);
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

/** Starts the page's choice at `theme`, the one the page came with, on the server as in the browser. */
export function ThemeChoiceFrom({ theme, children }: { theme: StoredTheme | undefined; children: ReactNode }) {
  useHydrateAtoms(
    new Map([
      [themeChoiceAtom, theme ?? 'system'],
      [renderedThemeChoiceAtom, theme ?? 'system'],
    ]),
  );
  return children;
}

/** The visitor's theme: remembered, and applied by the server before the first paint. */
export function useThemeChoice(): [ThemeChoice, (next: ThemeChoice) => void] {
  // Set once per page, so the same from render to render.
  const rendered = useStore().get(renderedThemeChoiceAtom);
  const choice = useAtomAsRendered(themeChoiceAtom, rendered);
  const setChoice = useSetAtom(themeChoiceAtom);
  useEffect(() => {
    if (appliedTheme(document.documentElement)) return undefined;
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
  useEffect(() => {
    // A page restored from the back/forward cache comes back with the theme it was left with: a choice made on
    // another page since is in the cookie.
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      const kept = themeOfCookieHeader(document.cookie) ?? 'system';
      show(kept);
      setChoice(kept);
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
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
