import crypto from 'node:crypto';

/** CSP sources (`'sha256-…'`) that allow a page's inline scripts and styles without a nonce. */
export interface InlineSources {
  script: string[];
  style: string[];
}

/**
 * The hash of an empty style element. In production Emotion adds empty `<style>` elements while the page runs
 * and fills them through the CSSOM, which CSP does not check; a page without a nonce lets in exactly those.
 * See docs/decisions/0005-page-cache-and-csp.md.
 */
export const EMPTY_STYLE_SOURCE = cspHash('');

export function cspHash(text: string): string {
  // Browsers hash the element's text as parsed, and the parser turns CR LF and lone CR into LF.
  const parsed = text.replace(/\r\n?/g, '\n');
  return `'sha256-${crypto.createHash('sha256').update(parsed, 'utf8').digest('base64')}'`;
}

// React writes lowercase tags and escapes `>` in attribute values, so a tag ends at the first `>`. Script and
// style text ends at the first closing tag, as in the browser; a page that fooled this would only lose its
// script (the hash would not match), never run one it should not.
const INLINE_ELEMENT = /<(script|style)\b([^>]*)>([\s\S]*?)<\/\1\s*>/gi;
const TYPE = /\stype="([^"]*)"/i;

/**
 * `html`, rendered with `nonce` on its inline tags, made to stand without it: every nonce attribute removed,
 * and the hash of every inline script and style that carried it collected. Data blocks (JSON, JSON-LD) never
 * run, so they need no hash. Throws when the nonce is still in the page elsewhere, which would mean a page
 * leaking the value or needing it in a place this does not know.
 */
export function hashInlineTags(html: string, nonce: string): { html: string; sources: InlineSources } {
  const attribute = ` nonce="${nonce}"`;
  const script = new Set<string>();
  const style = new Set<string>();
  const out = html
    .replace(INLINE_ELEMENT, (element, name: string, attributes: string, text: string) => {
      if (!attributes.includes(attribute)) return element;
      const rest = attributes.replace(attribute, '');
      if (name.toLowerCase() === 'style') style.add(cspHash(text));
      else if (!/\ssrc=/i.test(rest) && !/json$/i.test(TYPE.exec(rest)?.[1] ?? '')) script.add(cspHash(text));
      return `<${name}${rest}>${text}</${name}>`;
    })
    // Module scripts with a source and modulepreload links are allowed by 'self' without it.
    .replaceAll(attribute, '');
  if (out.includes(nonce)) throw new Error('the page holds its nonce outside a nonce attribute');
  return { html: out, sources: { script: [...script], style: [...style] } };
}
