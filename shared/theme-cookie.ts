// The theme a visitor chose, kept in a cookie rather than in the browser's storage: the server reads it and sends
// the page with the theme already set, so no script reads storage before the first paint, a round trip to the
// browser's own process that was most of the boot script's time (docs/decisions/0027-theme-in-a-cookie.md). No choice
// (the 'system' option) is no cookie. The server's page cache keeps a page for each choice.

export type StoredTheme = 'light' | 'dark';

export const THEME_COOKIE = 'theme';

/** A year, renewed with every choice. */
const THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const THEME_IN_HEADER = new RegExp(`(?:^|;)\\s*${THEME_COOKIE}=(light|dark)\\s*(?:;|$)`);

/** The theme a request's Cookie header names, if it names one of the two (the first, if it names several). */
export function themeOfCookieHeader(header: string | undefined): StoredTheme | undefined {
  if (!header) return undefined;
  return THEME_IN_HEADER.exec(header)?.[1] as StoredTheme | undefined;
}

/** What to assign to `document.cookie` to keep `theme`, or to forget the choice (`undefined`). */
export function themeCookie(theme: StoredTheme | undefined): string {
  const age = theme ? THEME_COOKIE_MAX_AGE_S : 0;
  return `${THEME_COOKIE}=${theme ?? ''}; Path=/; Max-Age=${age}; SameSite=Lax`;
}
