// Which characters and weights the site's copy of Inter keeps. The build cuts the font down to these
// (client/styles/brand-font-plugin.ts) and the @font-face declares the same range, so a character outside it
// comes straight from the fallback instead of fetching a file that lacks it.

/** Code point ranges, inclusive: printable ASCII, Latin-1 (names visitors type, the no-break space), and the
 * typographic punctuation, arrows and signs the site writes (– — ‘ ’ “ ” • … € ™ ← → ↑ ↓ −). */
export const BRAND_FONT_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x7e],
  [0xa0, 0xff],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2022, 0x2022],
  [0x2026, 0x2026],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2190, 0x2193],
  [0x2212, 0x2212],
];

/** The weights the styles use; the variable font keeps only this span of its weight axis. */
export const BRAND_FONT_WEIGHTS = { min: 400, max: 800 } as const;

const hex = (codePoint: number) => codePoint.toString(16).toUpperCase().padStart(4, '0');

/** The ranges as a CSS `unicode-range` value. */
export function brandFontUnicodeRange(): string {
  return BRAND_FONT_RANGES.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(
    ', ',
  );
}

/** Every character of the ranges, as the subsetter takes them. */
export function brandFontCharacters(): string {
  let text = '';
  for (const [from, to] of BRAND_FONT_RANGES) {
    for (let codePoint = from; codePoint <= to; codePoint++) text += String.fromCodePoint(codePoint);
  }
  return text;
}

/** Whether the kept font draws `character` (one code point). */
export function inBrandFont(character: string): boolean {
  const codePoint = character.codePointAt(0) ?? -1;
  return BRAND_FONT_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to);
}
