// Pure helpers behind the blog cards (docs/product-rules.md#content, docs/content.md).

// Every cover is drawn at 1200 × 630 (the social-card shape), so its frame is sized before it loads.
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/** A card shows at most this many category badges, then '+N', so every card keeps one line of badges. */
export const MAX_CARD_CATEGORIES = 2;
// A steady reader's pace for prose on a screen (docs/content.md: why from the article's words).
const WORDS_PER_MINUTE = 200;

/** Minutes to read an article of `words` words: every started 200 words count as a minute, and at least one. */
export function readingMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

export function readingTimeLabel(minutes: number): string {
  return `${minutes} min read`;
}

/** The badges to show and how many more categories hide behind '+N'. */
export function categoryBadges(
  categories: readonly string[],
  max = MAX_CARD_CATEGORIES,
): { shown: string[]; hidden: string[] } {
  return { shown: categories.slice(0, max), hidden: categories.slice(max) };
}

/** Cover paths written as '/public/…' (as the articles were first written) are served from the site root. */
export function coverSrc(path: string): string {
  return path.startsWith('/public/') ? path.slice('/public'.length) : path;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'yyyy-mm-dd' → 'Apr 10, 2024'. Done by hand rather than with Intl and the local time zone, so the
 * server's render and the browser's hydration always print the same day.
 */
export function formatPostDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`Not a yyyy-mm-dd date: ${isoDate}`);
  return `${month} ${Number(match[3])}, ${match[1]}`;
}

/** A yyyy-mm-dd date as an instant at midnight UTC, for feeds and structured data. */
export function postDateToUtc(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}
