import MarkdownIt from 'markdown-it';
import { parse as parseYaml } from 'yaml';
import type { z } from 'zod';
import { LAY_OUT_WHEN_IDLE_ATTRIBUTE } from '#client/lib/lay-out-when-idle.ts';
import { readingMinutes } from '#shared/blog.ts';
import { ContentError, checkContent } from './check.ts';
import { type PostMeta, postFrontMatter } from './schema.ts';

export { ContentError };

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-');
}

// Raw HTML in content is escaped, not passed through: nothing unsanitised reaches the page.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

// Headings get ids and a self-link, so any section of an article or page can be linked to.
markdown.core.ruler.push('heading_anchors', (state) => {
  const used = new Set<string>();
  state.tokens.forEach((token, index) => {
    if (token.type !== 'heading_open' || token.tag === 'h1') return;
    const inline = state.tokens[index + 1];
    // The words a reader sees, without markdown syntax such as a link's target.
    const words = (inline?.children ?? [])
      .filter((child) => child.type === 'text' || child.type === 'code_inline')
      .map((child) => child.content)
      .join('');
    const base = slugify(words) || 'section';
    let id = base;
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
    used.add(id);
    token.attrSet('id', id);
    // The heading's own text becomes its self-link (the '#' is drawn by CSS), so its accessible name
    // stays the heading text. A heading that already holds a link is left alone: links cannot nest.
    const children = inline?.children;
    if (!children || children.some((child) => child.type === 'link_open')) return;
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [
      ['class', 'heading-anchor'],
      ['href', `#${id}`],
    ];
    children.unshift(open);
    children.push(new state.Token('link_close', 'a', -1));
  });
});

// Each part of a text from one of its top-level h2 headings to the next is a section that the browser lays out when
// it comes near the screen or when the browser is idle, not in the page's first layout: a long article's first
// layout was the whole article, one long task on a slow phone (docs/decisions/0014-sections-laid-out-when-idle.md).
markdown.core.ruler.push('sections', (state) => {
  const tokens: typeof state.tokens = [];
  let open = false;
  const html = (content: string) => Object.assign(new state.Token('html_block', '', 0), { content });
  for (const token of state.tokens) {
    if (token.type === 'heading_open' && token.tag === 'h2' && token.level === 0) {
      if (open) tokens.push(html('</section>\n'));
      tokens.push(html(`<section ${LAY_OUT_WHEN_IDLE_ATTRIBUTE}="">\n`));
      open = true;
    }
    tokens.push(token);
  }
  if (open) tokens.push(html('</section>\n'));
  state.tokens = tokens;
});

// On a narrow column each row of a table is shown as a card, each cell after its column's header, which it carries as
// data-label (docs/content.md#tables). Its rows and cells stay rows and cells to screen readers however CSS lays
// them out, as HTML requires (the HTML checker refuses a role on them); the table says it is one, so that a browser
// guessing from its layout whether it holds data or only places things does not take it for layout.
markdown.core.ruler.push('table_labels', (state) => {
  let headers: string[] = [];
  let column = 0;
  state.tokens.forEach((token, index) => {
    if (token.type === 'table_open') {
      token.attrSet('role', 'table');
      headers = [];
    } else if (token.type === 'tr_open') column = 0;
    else if (token.type === 'th_open') {
      const words = (state.tokens[index + 1]?.children ?? [])
        .filter((child) => child.type === 'text' || child.type === 'code_inline')
        .map((child) => child.content)
        .join('');
      headers.push(words.trim());
    } else if (token.type === 'td_open') {
      // The renderer escapes attribute values, so a header's own '<', '&' or quotes stay text.
      const label = headers[column];
      if (label) token.attrSet('data-label', label);
      column++;
    }
  });
});

// The box a table is drawn in, and the container its card layout is measured against. It scrolls only a table
// too wide even for the desktop column: a narrow one shows cards, which never do.
markdown.renderer.rules.table_open = (tokens, index, options, _env, self) =>
  `<div class="table-box">${self.renderToken(tokens, index, options)}`;
markdown.renderer.rules.table_close = (tokens, index, options, _env, self) =>
  `${self.renderToken(tokens, index, options)}</div>`;

/** Splits YAML front matter from a markdown file, checks it, and renders the body to HTML. */
export function compileMarkdown<T>(file: string, source: string, schema: z.ZodType<T>): { meta: T; html: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source);
  if (!match) throw new ContentError(`${file}: missing front matter between --- lines`);
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ContentError(`${file}: front matter is not valid YAML: ${String(error)}`);
  }
  return { meta: checkContent(file, data, schema), html: markdown.render(match[2] ?? '') };
}

/** An article: its checked front matter, with its reading time counted from its own words. */
export function compilePost(file: string, source: string): { meta: PostMeta; html: string } {
  const { meta, html } = compileMarkdown(file, source, postFrontMatter);
  return { meta: { ...meta, readingMinutes: readingMinutes(wordCount(html)) }, html };
}

export function compileJson<T>(file: string, source: string, schema: z.ZodType<T>): T {
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    throw new ContentError(`${file}: not valid JSON: ${String(error)}`);
  }
  return checkContent(file, data, schema);
}

/** Plain text of rendered HTML, e.g. to count words. */
export function wordCount(html: string): number {
  return html
    .replace(/<[^>]+>/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
}
