import crypto from 'node:crypto';
import { expect, test } from 'vitest';
import { cspHash, EMPTY_STYLE_SOURCE, hashInlineTags } from './inline-hashes.ts';

const sha = (text: string) => `'sha256-${crypto.createHash('sha256').update(text).digest('base64')}'`;

test('every nonce goes, and what ran because of it is allowed by its hash instead', () => {
  const n = 'N0nce';
  const html = [
    `<script nonce="${n}">boot()</script>`,
    `<script type="module" src="/assets/entry.js" nonce="${n}" async=""></script>`,
    `<link rel="modulepreload" nonce="${n}" href="/assets/entry.js"/>`,
    `<script type="application/ld+json" nonce="${n}">{"@type":"Organization"}</script>`,
    `<script id="public-config" type="application/json" nonce="${n}">{"a":1}</script>`,
    `<style data-emotion="css x1" nonce="${n}">.x1{color:red}</style>`,
    `<script>notOurs()</script>`,
  ].join('');
  const { html: out, sources } = hashInlineTags(html, n);
  expect(out).not.toContain('nonce');
  expect(out).toContain('<script>boot()</script><script type="module" src="/assets/entry.js" async=""></script>');
  // Data blocks never run; a script with a source is allowed by 'self'; a tag without the nonce gets no hash.
  expect(sources).toEqual({ script: [sha('boot()')], style: [sha('.x1{color:red}')] });
});

test('hashes are of the text as the browser parses it: line breaks made LF', () => {
  expect(cspHash('a()\r\nb()\rc()')).toBe(sha('a()\nb()\nc()'));
  expect(EMPTY_STYLE_SOURCE).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
});

test('the same script twice is listed once', () => {
  const { sources } = hashInlineTags('<script nonce="n1">x()</script><script nonce="n1">x()</script>', 'n1');
  expect(sources.script).toEqual([sha('x()')]);
});

test('a page that holds its nonce outside a nonce attribute is refused', () => {
  expect(() => hashInlineTags('<script nonce="n1">window.n="n1"</script>', 'n1')).toThrow(/nonce/);
  expect(() => hashInlineTags('<meta content="n1"/>', 'n1')).toThrow(/nonce/);
});
