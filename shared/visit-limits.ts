// Bounds of a visit body, apart from the zod schema so that the browser's tracker can use them without
// loading zod on every page.

export const VISIT_PAGE_MAX = 512;
export const VISIT_REFERRER_MAX = 1024;
/** A day: a longer "visit" is a tab left open, not a visit. */
export const VISIT_DURATION_MAX_S = 86_400;
