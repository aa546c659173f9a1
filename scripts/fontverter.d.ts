// fontverter ships no types; the one call scripts make of it.
declare module 'fontverter' {
  /** Converts a font's bytes to another container format ('sfnt' is plain OpenType). */
  export function convert(font: Uint8Array, toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2'): Promise<Buffer>;
}
