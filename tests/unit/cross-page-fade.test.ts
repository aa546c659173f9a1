import fs from 'node:fs';
import { expect, test } from 'vitest';
import { CROSS_PAGE_FADE_CSS } from '#shared/cross-page-fade.ts';

/** CSS (or a page holding it) without comments or white space, to compare rules however they are laid out. */
const squeezed = (css: string) =>
  css
    .replace(/\/\*[\s\S]*?\*\/|<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, '')
    .replaceAll(';}', '}');

test('the offline page, a file of its own, takes part in the cross-fade as every page does', () => {
  const offline = fs.readFileSync(new URL('../../client/public/offline.html', import.meta.url), 'utf8');
  expect(squeezed(offline)).toContain(squeezed(CROSS_PAGE_FADE_CSS));
});
