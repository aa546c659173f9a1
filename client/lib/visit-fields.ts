import { VISIT_DURATION_MAX_S, VISIT_REFERRER_MAX } from '#shared/visit-limits.ts';

/** Operator pages: their own visits would only pollute the figures they show. */
const UNTRACKED_PATHS = new Set(['/analytics', '/dashboard', '/leads']);

/** The path as /api/visits takes it: one leading slash ("//x" is not a path on this site). */
export function trackedPathOf(pathname: string): string {
  return pathname.replace(/^\/+/, '/');
}

export function isUntrackedPath(path: string): boolean {
  return UNTRACKED_PATHS.has(path.length > 1 ? path.replace(/\/+$/, '') : path);
}

/** The referrer, or 'direct'; only its origin when the full address is too long to store. */
export function referrerOf(documentReferrer: string): string {
  if (!URL.canParse(documentReferrer)) return 'direct';
  const url = new URL(documentReferrer);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'direct';
  return url.href.length <= VISIT_REFERRER_MAX ? url.href : url.origin;
}

/** Whole seconds between the tab opening the site and now, within what /api/visits accepts. */
export function visitDurationS(openedAt: number, now: number): number {
  return Math.min(Math.max(Math.round((now - openedAt) / 1000), 0), VISIT_DURATION_MAX_S);
}
