// Timings and sizes of the site's global behaviours, in one place (docs/product-rules.md#timings).
export const SECTION_SCROLL_OFFSET_PX = 80;
export const SECTION_SCROLL_DELAY_MS = 50;
export const SECTION_SCROLL_DURATION_MS = 600;
export const SCROLL_TO_TOP_DURATION_MS = 300;
export const HEADER_OPAQUE_AFTER_PX = 10;
export const SPLASH_DURATION_MS = 800;
export const MOBILE_BREAKPOINT_PX = 768;
export const COMPACT_LANDSCAPE_NAV_BELOW_PX = 1024;
export const NAV_HOVER_DELAY_MS = 200;
export const NAV_SKIP_DELAY_MS = 300;
export const NAV_CLOSE_DELAY_MS = 150;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;
export const LOW_END_MAX_CORES = 4;

/** Phones: narrower than 768 px. */
export const PHONE_MEDIA = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** Where the compact (drawer) navigation applies: phones, and landscape screens under 1024 px. */
export const COMPACT_NAV_MEDIA = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px), (orientation: landscape) and (max-width: ${COMPACT_LANDSCAPE_NAV_BELOW_PX - 0.02}px)`;
