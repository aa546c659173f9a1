// The brand typeface, Inter, served by the site itself: one variable file holding every weight the site uses,
// cut down by the build to the characters it writes (brand-font-subset.ts), about 29 KB. A tick or any other
// character outside that comes from the fallback. The build hashes the file into /assets, cached for good.
import brandFontUrl from 'virtual:brand-font';
import { BRAND_FONT_WEIGHTS, brandFontUnicodeRange } from './brand-font-subset.ts';

export const BRAND_FONT_URL = brandFontUrl;

// Inter's widths relative to Arial's, measured on the site's own text (Inter is about 7% wider than Arial's
// regular and 2.5% wider than its bold), and Inter's ascent and descent (1984 and 494 of 2048 units) at that size.
const FALLBACK_REGULAR = 'size-adjust: 107%; ascent-override: 90.5%; descent-override: 22.5%; line-gap-override: 0%;';
const FALLBACK_BOLD = 'size-adjust: 102.5%; ascent-override: 94.5%; descent-override: 23.5%; line-gap-override: 0%;';

// `swap`: text shows at once in the fallback and changes face when Inter arrives. The fallback is Arial (or
// its metric twin Liberation Sans) scaled to Inter's width and line metrics, so the change moves nothing.
export const brandFontFaces = `
  @font-face {
    font-family: 'Inter Variable';
    font-style: normal;
    font-display: swap;
    font-weight: ${BRAND_FONT_WEIGHTS.min} ${BRAND_FONT_WEIGHTS.max};
    src: url(${brandFontUrl}) format('woff2-variations');
    unicode-range: ${brandFontUnicodeRange()};
  }
  @font-face {
    font-family: 'Inter Fallback';
    font-weight: 100 599;
    src: local('Arial'), local('ArialMT'), local('Liberation Sans'), local('LiberationSans-Regular');
    ${FALLBACK_REGULAR}
  }
  @font-face {
    font-family: 'Inter Fallback';
    font-weight: 600 900;
    src: local('Arial Bold'), local('Arial-BoldMT'), local('Liberation Sans Bold'), local('LiberationSans-Bold');
    ${FALLBACK_BOLD}
  }
`;
