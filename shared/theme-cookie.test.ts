import { describe, expect, it } from 'vitest';
import { themeCookie, themeOfCookieHeader } from './theme-cookie.ts';

describe('themeOfCookieHeader', () => {
  it('reads the choice among other cookies, wherever it is', () => {
    expect(themeOfCookieHeader('theme=dark')).toBe('dark');
    expect(themeOfCookieHeader('a=1; theme=light; b=2')).toBe('light');
    expect(themeOfCookieHeader('a=1;theme=dark')).toBe('dark');
  });

  it('names no theme for no cookie, another value, or a cookie whose name only ends in theme', () => {
    expect(themeOfCookieHeader(undefined)).toBeUndefined();
    expect(themeOfCookieHeader('')).toBeUndefined();
    expect(themeOfCookieHeader('theme=system')).toBeUndefined();
    expect(themeOfCookieHeader('theme=darkest')).toBeUndefined();
    expect(themeOfCookieHeader('old_theme=dark')).toBeUndefined();
    expect(themeOfCookieHeader('theme="dark"')).toBeUndefined();
  });

  it('names none for invisible or format characters in the value, and reads a long hostile header', () => {
    expect(themeOfCookieHeader('theme=dark\u200b')).toBeUndefined();
    expect(themeOfCookieHeader('theme=\u202edark')).toBeUndefined();
    expect(themeOfCookieHeader('theme=dark\u0000')).toBeUndefined();
    const long = `${'; '.repeat(4000)}${' '.repeat(4000)}theme=light`;
    expect(themeOfCookieHeader(long)).toBe('light');
    expect(themeOfCookieHeader(`${'theme=x;'.repeat(1000)}`)).toBeUndefined();
  });

  it('takes the first of two', () => {
    expect(themeOfCookieHeader('theme=light; theme=dark')).toBe('light');
  });
});

describe('themeCookie', () => {
  it('keeps a choice site-wide for a year, and forgets one at once', () => {
    expect(themeCookie('dark')).toBe('theme=dark; Path=/; Max-Age=31536000; SameSite=Lax');
    expect(themeCookie(undefined)).toBe('theme=; Path=/; Max-Age=0; SameSite=Lax');
  });
});
