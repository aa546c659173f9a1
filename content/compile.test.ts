import { expect, test } from 'vitest';
import { ContentError, compileJson, compileMarkdown, compilePost } from './compile.ts';
import { pageFrontMatter, postFrontMatter, teamContent } from './schema.ts';

const frontMatter = {
  id: 'id: 9',
  title: 'title: "Open Houses That Convert"',
  slug: 'slug: open-houses-that-convert',
  excerpt: 'excerpt: "How to follow up with every sign-in within five minutes."',
  author: 'author: Dana Whitfield',
  date: 'date: 2024-05-01',
  coverImage: 'coverImage: /images/blog/open-houses.svg',
  categories: 'categories:\n  - Lead Management\n  - Sales Techniques',
};

function post(omit?: string, body = '## First step\n\nCall within five minutes.\n') {
  const lines = Object.entries(frontMatter)
    .filter(([key]) => key !== omit)
    .map(([, line]) => line);
  return `---\n${lines.join('\n')}\n---\n\n${body}`;
}

test('a complete post compiles to its front matter and HTML', () => {
  const { meta, html } = compileMarkdown('blog/open-houses-that-convert.md', post(), postFrontMatter);
  expect(meta).toMatchObject({ id: 9, slug: 'open-houses-that-convert', date: '2024-05-01' });
  expect(meta.categories).toEqual(['Lead Management', 'Sales Techniques']);
  expect(html).toContain('<p>Call within five minutes.</p>');
});

test.each(Object.keys(frontMatter))('a post without "%s" is refused, naming the file and the field', (field) => {
  expect(() => compileMarkdown('blog/open-houses-that-convert.md', post(field), postFrontMatter)).toThrow(ContentError);
  expect(() => compileMarkdown('blog/open-houses-that-convert.md', post(field), postFrontMatter)).toThrow(
    new RegExp(`^blog/open-houses-that-convert\\.md: ${field}: `),
  );
});

test('malformed values are refused with the rule they break', () => {
  const badDate = post().replace('date: 2024-05-01', 'date: May 1, 2024');
  expect(() => compileMarkdown('blog/x.md', badDate, postFrontMatter)).toThrow(
    /date: must be a date written yyyy-mm-dd/,
  );
  const noCategories = post().replace(/categories:[\s\S]*?---/, 'categories: []\n---');
  expect(() => compileMarkdown('blog/x.md', noCategories, postFrontMatter)).toThrow(/categories/);
});

test("a post's reading time is counted from its own words, 200 a minute, not written by hand", () => {
  const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
  expect(compilePost('blog/x.md', post(undefined, `${words(1201)}\n`)).meta.readingMinutes).toBe(7);
  expect(compilePost('blog/x.md', post(undefined, `## Short\n\n${words(40)}\n`)).meta.readingMinutes).toBe(1);
});

test('a post revised before it was published is refused', () => {
  const revised = post().replace('date: 2024-05-01', 'date: 2024-05-01\nupdated: 2024-06-12');
  expect(compileMarkdown('content/blog/x.md', revised, postFrontMatter).meta.updated).toBe('2024-06-12');
  const backwards = post().replace('date: 2024-05-01', 'date: 2024-05-01\nupdated: 2024-04-30');
  expect(() => compileMarkdown('content/blog/x.md', backwards, postFrontMatter)).toThrow(
    /^content\/blog\/x\.md: updated: must not be before date/,
  );
});

test('an indexable page must say when it last changed; a noindex page need not', () => {
  const page = (extra: string) => `---\ntitle: T\ndescription: D\nlead: L\n${extra}---\nBody\n`;
  expect(() => compileMarkdown('content/pages/x.md', page(''), pageFrontMatter)).toThrow(
    /^content\/pages\/x\.md: updated: is required for a page search engines index/,
  );
  expect(compileMarkdown('content/pages/x.md', page('noIndex: true\n'), pageFrontMatter).meta.noIndex).toBe(true);
  const dated = compileMarkdown('content/pages/x.md', page('updated: 2026-01-01\nkeywords: [a, b]\n'), pageFrontMatter);
  expect(dated.meta).toMatchObject({ updated: '2026-01-01', keywords: ['a', 'b'] });
  expect(() =>
    compileMarkdown('content/pages/x.md', page('updated: 2026-01-01\nkeywords: []\n'), pageFrontMatter),
  ).toThrow(/keywords/);
});

test('a file without front matter, or with broken YAML, is refused with its path', () => {
  expect(() => compileMarkdown('pages/about-us.md', '# Hello', pageFrontMatter)).toThrow(
    /^pages\/about-us\.md: missing front matter/,
  );
  expect(() => compileMarkdown('pages/about-us.md', '---\ntitle: [unclosed\n---\nBody', pageFrontMatter)).toThrow(
    /^pages\/about-us\.md: front matter is not valid YAML/,
  );
});

test('headings get unique ids and link to themselves; the H1 is left to the page', () => {
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n# Title\n\n## Careers\n\n## What's next?\n\n### Careers\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  expect(html).toContain('<h1>Title</h1>');
  expect(html).toContain('<h2 id="careers"><a class="heading-anchor" href="#careers">Careers</a></h2>');
  expect(html).toContain('<h2 id="whats-next"><a class="heading-anchor" href="#whats-next">What’s next?</a></h2>');
  expect(html).toContain('<h3 id="careers-2"><a class="heading-anchor" href="#careers-2">Careers</a></h3>');
});

test('a heading that already holds a link keeps it and gets no second link', () => {
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n## Read the [privacy policy](/privacy)\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  expect(html).toContain('<h2 id="read-the-privacy-policy">Read the <a href="/privacy">privacy policy</a></h2>\n');
});

test('each part from one h2 to the next is a section laid out when idle; what comes before the first is not', () => {
  const body = 'Intro.\n\n## One\n\nText.\n\n> ## Quoted\n\n### Deeper\n\n## Two\n\n- item\n';
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n${body}`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  const parts = html.split('<section data-lay-out-when-idle="">\n');
  expect(parts[0]).toBe('<p>Intro.</p>\n');
  // A heading inside a quote starts no part of its own, nor does an h3.
  expect(parts.slice(1).map((part) => [...part.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]))).toEqual([
    ['one', 'quoted'],
    ['two'],
  ]);
  expect(parts.slice(1).every((part) => part.endsWith('</section>\n'))).toBe(true);
  expect(html.match(/<section/g)).toHaveLength(2);
  expect(html.match(/<\/section>/g)).toHaveLength(2);
});

test('raw HTML in content is escaped, never passed through', () => {
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\nHello <script>alert(1)</script> <img src=x onerror=alert(1)>\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  expect(html).not.toContain('<script');
  expect(html).not.toContain('<img');
  expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
});

test('javascript: links are not rendered as links', () => {
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n[click](javascript:alert(1))\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  expect(html).not.toContain('href="javascript:');
});

test('a table is boxed, and says it is a table whether it is laid out as one or as cards', () => {
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n| a | b |\n|---|---|\n| 1 | 2 |\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  // Nothing to focus: a table shown as cards never scrolls.
  expect(html).toMatch(/^<div class="table-box"><table role="table">[\s\S]*<\/table>\n<\/div>$/);
  expect(html).not.toContain('tabindex');
  // Rows and cells keep their own semantics; HTML allows them no role inside a table.
  expect(html).toContain('<thead>\n<tr>\n<th>a</th>\n<th>b</th>\n</tr>\n</thead>');
  expect(html).toContain('<tbody>\n<tr>\n<td data-label="a">1</td>\n<td data-label="b">2</td>\n</tr>\n</tbody>');
});

test("each cell of a table carries its column's header as text, escaped, for its label as a card", () => {
  const table = [
    '| `Name` | Terms & <conditions> | `"Quoted"` | |',
    '|---|:-:|---|---|',
    '| `theme` | *Yes* | | x |',
    '| Short row |',
  ].join('\n');
  const source = `---\ntitle: T\ndescription: D\nlead: L\nupdated: 2026-01-01\n---\n${table}\n`;
  const { html } = compileMarkdown('pages/x.md', source, pageFrontMatter);
  const labels = (row: number) => [...(html.split('<tr>')[row] ?? '').matchAll(/<td[^>]*>/g)].map((match) => match[0]);
  // Inline code gives its text, markup none; a header left empty gives no label.
  expect(labels(2)).toEqual([
    '<td data-label="Name">',
    '<td style="text-align:center" data-label="Terms &amp; &lt;conditions&gt;">',
    '<td data-label="&quot;Quoted&quot;">',
    '<td>',
  ]);
  // A short row is filled out with empty cells, each still under its own column's header.
  expect(labels(3)[1]).toBe('<td style="text-align:center" data-label="Terms &amp; &lt;conditions&gt;">');
});

test('JSON content is checked against its schema, naming the file and the entry', () => {
  expect(() => compileJson('team.json', '[{"slug":"a","name":"A"}]', teamContent)).toThrow(/^team\.json: 0\.role: /);
  expect(() => compileJson('team.json', '{not json', teamContent)).toThrow(/^team\.json: not valid JSON/);
  expect(() => compileJson('team.json', '[]', teamContent)).toThrow(ContentError);
});
