// The brand typeface, Inter, served by the site itself. Only its Latin subset (48 KB, every weight in one
// variable file) is loaded: it covers every character the site writes but a few arrows and ticks, which come
// from the system font. The build hashes the file into /assets, cached for good.
import interLatinUrl from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';

export const BRAND_FONT_URL = interLatinUrl;

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
    font-weight: 100 900;
    src: url(${interLatinUrl}) format('woff2-variations');
    unicode-range: U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329,
      U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD;
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
