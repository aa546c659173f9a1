import path from 'node:path';
import type { Plugin } from 'vite';
import { ContentError, compileJson, compileMarkdown, compilePost } from './compile.ts';
import { jsonSchemas, pageFrontMatter } from './schema.ts';
import { siteFacts } from './site.ts';
import { parseSiteFacts } from './site-check.ts';

const CONTENT_DIR = import.meta.dirname;
const REPO_ROOT = path.dirname(CONTENT_DIR);

/** A post lives at content/blog/<slug>.md, so its URL and its file never disagree. */
function checkSlug(relative: string, label: string, meta: unknown) {
  if (!relative.startsWith('blog/')) return;
  const slug = typeof meta === 'object' && meta !== null && 'slug' in meta ? meta.slug : undefined;
  if (slug !== path.basename(relative, '.md')) {
    throw new ContentError(`${label}: slug "${String(slug)}" must match the file name`);
  }
}

/**
 * Content files become checked modules at build time: markdown exports `meta` and `html`, JSON its data.
 * A page that lists posts imports only `meta`, so article bodies stay out of its bundle.
 */
export function content(): Plugin {
  return {
    name: 'porchlight-content',
    enforce: 'pre',
    buildStart() {
      parseSiteFacts(siteFacts());
    },
    transform(source, id) {
      const [file = id, query] = id.split('?');
      if (!file.startsWith(CONTENT_DIR + path.sep)) return null;
      const relative = path.relative(CONTENT_DIR, file).split(path.sep).join('/');
      // Errors name the file from the repository root, e.g. 'content/blog/x.md', so it can be opened as written.
      const label = path.relative(REPO_ROOT, file).split(path.sep).join('/');
      if (file.endsWith('.md')) {
        const { meta, html } = relative.startsWith('blog/')
          ? compilePost(label, source)
          : compileMarkdown(label, source, pageFrontMatter);
        checkSlug(relative, label, meta);
        // `?meta` is a separate module holding only the front matter, for lists of posts.
        const code =
          query === 'meta'
            ? `export const meta = ${JSON.stringify(meta)};\n`
            : `export const meta = ${JSON.stringify(meta)};\nexport const html = ${JSON.stringify(html)};\n`;
        return { code, map: null };
      }
      const schema = jsonSchemas[relative];
      if (file.endsWith('.json') && schema) {
        // Vite's own JSON plugin turns the checked text into a module.
        return { code: JSON.stringify(compileJson(label, source, schema)), map: null };
      }
      return null;
    },
  };
}
