import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';
import { coverSrc } from '#shared/blog.ts';
import { compileJson, compileMarkdown, compilePost, wordCount } from './compile.ts';
import { jsonSchemas, markdownSchemaFor, type PostMeta, teamContent } from './schema.ts';

// The real content files, checked the way the build checks them (content/vite-plugin.ts).
const CONTENT_DIR = import.meta.dirname;
const PUBLIC_DIR = path.join(CONTENT_DIR, '..', 'client', 'public');
const markdownFiles = ['blog', 'pages', 'legal'].flatMap((folder) =>
  fs.readdirSync(path.join(CONTENT_DIR, folder)).map((name) => `${folder}/${name}`),
);
const read = (relative: string) => fs.readFileSync(path.join(CONTENT_DIR, relative), 'utf8');
/** A content file compiled as the build compiles it; errors name it from the repository root. */
const compile = (relative: string) =>
  compileMarkdown(`content/${relative}`, read(relative), markdownSchemaFor(relative));
const articleFiles = markdownFiles.filter((file) => file.startsWith('blog/'));

test.each(markdownFiles)('%s has valid front matter', (relative) => {
  expect(() => compile(relative)).not.toThrow();
});

test.each(Object.keys(jsonSchemas))('%s matches its schema', (relative) => {
  const schema = jsonSchemas[relative];
  if (!schema) throw new Error(`no schema for ${relative}`);
  expect(() => compileJson(`content/${relative}`, read(relative), schema)).not.toThrow();
});

const posts: PostMeta[] = articleFiles.map((file) => compilePost(`content/${file}`, read(file)).meta);

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

test.each(articleFiles)('%s is a substantive article', (relative) => {
  const { html } = compile(relative);
  expect(wordCount(html)).toBeGreaterThanOrEqual(900);
  expect(html).toMatch(/<h2 id=/);
  expect(html).toMatch(/<(ul|ol)>/);
});

test('the about page has a careers section at #careers', () => {
  const { html } = compile('pages/about-us.md');
  expect(html).toContain('<h2 id="careers">');
});

// The five articles the site launched with, and their dates (docs/product-rules.md#content).
const PUBLISHED_POSTS = [
  ['lead-qualification-with-voice-ai', '2024-03-15'],
  ['best-times-to-call-real-estate-leads', '2024-02-28'],
  ['real-estate-call-scripts-that-work', '2024-04-02'],
  ['from-cold-to-conversational', '2024-03-22'],
  ['why-top-agents-let-ai-handle-the-first-call', '2024-04-10'],
] as const;

test.each(PUBLISHED_POSTS)('%s is published on %s', (slug, date) => {
  expect(posts.find((post) => post.slug === slug)?.date).toBe(date);
});

test('the articles carry the nine blog categories between them, and no others', () => {
  const spec = [
    'AI Technology',
    'Lead Generation',
    'Real Estate Strategy',
    'Lead Management',
    'Sales Techniques',
    'Agent Resources',
    'Lead Nurturing',
    'Conversion Strategies',
    'Business Strategy',
  ];
  expect(new Set(posts.flatMap((post) => post.categories))).toEqual(new Set(spec));
});

test.each(articleFiles)('%s ends with a conclusion', (relative) => {
  const headings = [...compile(relative).html.matchAll(/<h2 id="([^"]+)">/g)].map((match) => match[1]);
  expect(headings.at(-1)).toBe('conclusion');
});

// Where an article may link, with the section ids each page has (the home page's sections).
const HOME_SECTIONS = ['process', 'features', 'integrations', 'compliance', 'pricing', 'faq'];
const PAGE_FILES: Record<string, string> = {
  '/about-us': 'pages/about-us.md',
  '/affiliate-program': 'pages/affiliate-program.md',
  '/lead-generation': 'pages/lead-generation.md',
  '/team': 'pages/team.md',
  '/policies': 'legal/terms.md',
  '/privacy': 'legal/privacy.md',
  '/consent-policies': 'legal/consent-policies.md',
};
const teamSlugs = compileJson('content/team.json', read('team.json'), teamContent).map((person) => person.slug);

/** Where a link in compiled HTML leads, if it is a page of this site (heading self-links aside). */
function internalLinks(html: string): URL[] {
  return [...html.matchAll(/<a href="(\/[^"]*)">/g)].map((match) => new URL(match[1] ?? '', 'https://site.test'));
}

test.each(articleFiles)(
  '%s links to other articles and pages of the site, and every link leads somewhere',
  (relative) => {
    const links = internalLinks(compile(relative).html);
    expect(links.length).toBeGreaterThanOrEqual(3);
    expect(links.some((link) => link.pathname.startsWith('/blog/'))).toBe(true);
    for (const { pathname, hash, href } of links) {
      const section = decodeURIComponent(hash.slice(1));
      if (pathname === '/') {
        expect(HOME_SECTIONS, href).toContain(section);
      } else if (pathname.startsWith('/blog/')) {
        expect(
          posts.map((post) => `/blog/${post.slug}`),
          href,
        ).toContain(pathname);
        expect(pathname, 'an article does not link to itself').not.toBe(`/${relative.replace(/\.md$/, '')}`);
      } else if (pathname.startsWith('/meet/')) {
        expect(teamSlugs, href).toContain(pathname.slice('/meet/'.length));
      } else {
        const file = PAGE_FILES[pathname];
        expect(file, href).toBeDefined();
        if (file && section) expect(compile(file).html, href).toContain(`id="${section}"`);
      }
    }
  },
);
