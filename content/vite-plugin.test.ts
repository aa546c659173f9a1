import path from 'node:path';
import { expect, test } from 'vitest';
import { ContentError } from './check.ts';
import { content } from './vite-plugin.ts';

const CONTENT_DIR = import.meta.dirname;

/** The plugin's transform hook, called the way Vite calls it for a module id. */
function transform(source: string, id: string): unknown {
  const hook = content().transform;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (!handler) throw new Error('the content plugin has no transform hook');
  return Reflect.apply(handler, undefined, [source, id]);
}

const post = (slug: string) =>
  [
    '---',
    'id: 9',
    'title: Open Houses That Convert',
    `slug: ${slug}`,
    'excerpt: How to follow up with every sign-in within five minutes.',
    'author: Dana Whitfield',
    'date: 2024-05-01',
    'coverImage: /images/blog/open-houses.svg',
    'categories: [Lead Management]',
    '---',
    '## Call within five minutes',
    '',
  ].join('\n');

const blogFile = path.join(CONTENT_DIR, 'blog', 'open-houses-that-convert.md');

test('a post whose slug is not its file name fails the build, naming the file from the repository root', () => {
  expect(() => transform(post('open-house-follow-up'), blogFile)).toThrow(ContentError);
  expect(() => transform(post('open-house-follow-up'), blogFile)).toThrow(
    /^content\/blog\/open-houses-that-convert\.md: slug "open-house-follow-up" must match the file name$/,
  );
});

test('a post whose slug matches its file name becomes a module of its front matter and HTML', () => {
  const result = transform(post('open-houses-that-convert'), blogFile);
  expect(result).toMatchObject({ code: expect.stringContaining('"slug":"open-houses-that-convert"') });
  expect(result).toMatchObject({ code: expect.stringContaining('export const html = ') });
  // Its reading time comes from its words (a one-line body: a minute).
  expect(result).toMatchObject({ code: expect.stringContaining('"readingMinutes":1') });
  // Lists of posts import only the front matter.
  const metaOnly = transform(post('open-houses-that-convert'), `${blogFile}?meta`);
  expect(metaOnly).toMatchObject({ code: expect.not.stringContaining('export const html') });
});

test('malformed front matter and JSON name the file from the repository root', () => {
  expect(() => transform('# No front matter', path.join(CONTENT_DIR, 'pages', 'about-us.md'))).toThrow(
    /^content\/pages\/about-us\.md: missing front matter/,
  );
  expect(() => transform('[{"slug":"a"}]', path.join(CONTENT_DIR, 'team.json'))).toThrow(
    /^content\/team\.json: 0\.name: /,
  );
});

test('files outside content/ are left to Vite', () => {
  expect(transform('export const x = 1;', path.join(CONTENT_DIR, '..', 'client', 'x.ts'))).toBeNull();
});
