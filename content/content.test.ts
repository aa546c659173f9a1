import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { coverSrc } from '#shared/blog.ts';
import { compileJson, compileMarkdown, wordCount } from './compile.ts';
import { jsonSchemas, markdownSchemaFor, type PostMeta, postFrontMatter } from './schema.ts';

// The real content files, checked the way the build checks them (content/vite-plugin.ts).
const CONTENT_DIR = import.meta.dirname;
const PUBLIC_DIR = path.join(CONTENT_DIR, '..', 'client', 'public');
const markdownFiles = ['blog', 'pages', 'legal'].flatMap((folder) =>
  fs.readdirSync(path.join(CONTENT_DIR, folder)).map((name) => `${folder}/${name}`),
);
const read = (relative: string) => fs.readFileSync(path.join(CONTENT_DIR, relative), 'utf8');

test.each(markdownFiles)('%s has valid front matter', (relative) => {
  expect(() => compileMarkdown(relative, read(relative), markdownSchemaFor(relative))).not.toThrow();
});

test.each(Object.keys(jsonSchemas))('%s matches its schema', (relative) => {
  const schema = jsonSchemas[relative];
  if (!schema) throw new Error(`no schema for ${relative}`);
  expect(() => compileJson(relative, read(relative), schema)).not.toThrow();
});

const posts: PostMeta[] = markdownFiles
  .filter((file) => file.startsWith('blog/'))
  .map((file) => compileMarkdown(file, read(file), postFrontMatter).meta);

test('there are five articles with distinct ids and slugs', () => {
  expect(posts).toHaveLength(5);
  expect(new Set(posts.map((post) => post.id)).size).toBe(5);
  expect(new Set(posts.map((post) => post.slug)).size).toBe(5);
});

test.each(posts.map((post) => [post.slug, post] as const))(
  '%s has a cover in the site and a PNG of it for social cards',
  (_slug, post) => {
    const cover = coverSrc(post.coverImage);
    expect(fs.existsSync(path.join(PUBLIC_DIR, cover))).toBe(true);
    expect(fs.existsSync(path.join(PUBLIC_DIR, cover.replace(/\.svg$/, '.png')))).toBe(true);
  },
);

test.each(markdownFiles.filter((file) => file.startsWith('blog/')))('%s is a substantive article', (relative) => {
  const { html } = compileMarkdown(relative, read(relative), postFrontMatter);
  expect(wordCount(html)).toBeGreaterThanOrEqual(900);
  expect(html).toMatch(/<h2 id=/);
  expect(html).toMatch(/<(ul|ol)>/);
});

test('the about page has a careers section at #careers', () => {
  const { html } = compileMarkdown('pages/about-us.md', read('pages/about-us.md'), markdownSchemaFor('pages/'));
  expect(html).toContain('<h2 id="careers">');
});
