// The brand font file's URL, from the build's font plugin (brand-font-plugin.ts).
declare module 'virtual:brand-font' {
  const url: string;
  export default url;
}

// subset-font ships no types; the build uses only this call.
declare module 'subset-font' {
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options: {
      targetFormat: 'woff2' | 'woff' | 'truetype' | 'sfnt';
      variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    },
  ): Promise<Uint8Array>;
}
