import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';
import { BRAND_FONT_WEIGHTS, brandFontCharacters } from './brand-font-subset.ts';

/** Import this id for the URL of the brand font file: `import url from 'virtual:brand-font'`. */
export const BRAND_FONT_MODULE = 'virtual:brand-font';
const RESOLVED = `\0${BRAND_FONT_MODULE}`;
const SOURCE = '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2';

/**
 * The build ships Inter cut down to the characters and weights the site uses (brand-font-subset.ts): about
 * 29 KB instead of the package's 48 KB Latin file, which every first visit preloads. The browser and server
 * builds cut the same bytes, so both name the same hashed file. The dev server serves the package's file.
 */
export function brandFont(): Plugin {
  let subset: Promise<Uint8Array> | undefined;
  let building = false;
  return {
    name: 'porchlight-brand-font',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === BRAND_FONT_MODULE ? RESOLVED : null;
    },
    async load(id) {
      if (id !== RESOLVED) return null;
      if (!building) return `export { default } from '${SOURCE}?url';\n`;
      subset ??= fs.readFile(createRequire(import.meta.url).resolve(SOURCE)).then((font) =>
        subsetFont(font, brandFontCharacters(), {
          targetFormat: 'woff2',
          variationAxes: { wght: BRAND_FONT_WEIGHTS },
        }),
      );
      const referenceId = this.emitFile({
        type: 'asset',
        name: 'inter-latin-wght-normal.woff2',
        source: await subset,
      });
      // Vite turns this placeholder into the emitted file's public URL.
      return `export default '__VITE_ASSET__${referenceId}__';\n`;
    },
  };
}
