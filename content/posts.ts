import type { PostMeta } from './schema.ts';

// Built by Vite (content/vite-plugin.ts): the list needs only front matter; bodies load per article.
const metas = import.meta.glob<PostMeta>('./blog/*.md', { query: '?meta', import: 'meta', eager: true });
const bodies = import.meta.glob<string>('./blog/*.md', { import: 'html' });

export type { PostMeta };

// 'yyyy-mm-dd' dates sort as plain strings. `localeCompare` would make the page's first collator, which loads
// the locale's data: about 70 ms of main thread on a slow phone, on every page that lists articles.
const byDate = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every article, newest first. */
export const posts: PostMeta[] = Object.values(metas).sort((a, b) => byDate(b.date, a.date) || a.id - b.id);

export function findPost(slug: string): PostMeta | undefined {
  return posts.find((post) => post.slug === slug);
}

export async function loadPostHtml(slug: string): Promise<string | undefined> {
  return bodies[`./blog/${slug}.md`]?.();
}
