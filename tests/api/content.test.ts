import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { compileJson, compileMarkdown, compilePost } from '#content/compile.ts';
import { faqContent, homeContent, type PageMeta, pageFrontMatter, teamContent } from '#content/schema.ts';
import { headingOf, titleOf } from '#tests/support/html.ts';
import {
  canonicalOf,
  jsonLdNode,
  jsonLdNodes,
  jsonLdScripts,
  metaContent,
  metaContents,
  metaTags,
  textsOf,
} from '#tests/support/seo.ts';
import { builtPages, createTestApp } from '#tests/support/test-app.ts';
import { childrenNamed, childText, parseXml } from '#tests/support/xml.ts';

// Every article and content page, checked in the raw server HTML: what a crawler that runs no script sees.

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let siteUrl: string;
beforeAll(async () => {
  ctx = await createTestApp({}, { pages: await builtPages() });
  siteUrl = ctx.config.siteUrl;
});
afterAll(() => ctx.close());

const CONTENT = path.resolve(import.meta.dirname, '../../content');
const read = (file: string) => fs.readFileSync(path.join(CONTENT, file), 'utf8');

const posts = fs
  .readdirSync(path.join(CONTENT, 'blog'))
  .map((name) => compilePost(`blog/${name}`, read(`blog/${name}`)).meta)
  .sort((a, b) => b.date.localeCompare(a.date));
const team = compileJson('team.json', read('team.json'), teamContent);
const faq = compileJson('faq.json', read('faq.json'), faqContent);
const home = compileJson('home.json', read('home.json'), homeContent);
const page = (file: string): PageMeta => compileMarkdown(file, read(file), pageFrontMatter).meta;

/** Indexable content pages: [path, front matter]. */
const contentPages: [string, PageMeta][] = [
  ['/about-us', page('pages/about-us.md')],
  ['/affiliate-program', page('pages/affiliate-program.md')],
  ['/lead-generation', page('pages/lead-generation.md')],
  ['/policies', page('legal/terms.md')],
  ['/privacy', page('legal/privacy.md')],
  ['/consent-policies', page('legal/consent-policies.md')],
];

const nonceOf = (res: { headers: Record<string, unknown> }) =>
  /'nonce-([\w-]+)'/.exec(String(res.headers['content-security-policy']))?.[1];

test.each(posts.map((post) => [post.slug, post] as const))(
  '/blog/%s answers 200 with its heading, SEO tags and Article data',
  async (slug, post) => {
    const res = await request(ctx.app).get(`/blog/${slug}`);
    expect(res.status).toBe(200);
    const html = res.text;
    const url = `${siteUrl}/blog/${slug}`;
    expect(headingOf(html)).toBe(post.title);
    expect(titleOf(html)).toBe(`${post.title} | Porchlight`);
    expect(metaContent(html, 'description')).toBe(post.excerpt);
    expect(canonicalOf(html)).toBe(url);
    expect(metaContent(html, 'og:title')).toBe(post.title);
    expect(metaContent(html, 'og:type')).toBe('article');
    expect(metaContent(html, 'og:url')).toBe(url);
    expect(metaContent(html, 'og:image')).toBe(`${siteUrl}${post.coverImage.replace(/\.svg$/, '.png')}`);
    expect(metaContent(html, 'article:published_time')).toBe(`${post.date}T00:00:00.000Z`);
    // Revised articles say when; the others were last modified when they were published.
    const modified = `${post.updated ?? post.date}T00:00:00.000Z`;
    expect(metaContent(html, 'article:modified_time')).toBe(modified);
    expect(metaContents(html, 'article:tag')).toEqual(post.categories);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'robots')).toBeUndefined();

    const article = jsonLdNode(html, 'BlogPosting');
    expect(article).toMatchObject({
      headline: post.title,
      description: post.excerpt,
      datePublished: `${post.date}T00:00:00.000Z`,
      dateModified: modified,
      author: { '@type': 'Person', name: post.author },
      mainEntityOfPage: { '@id': `${url}#webpage` },
    });
    expect(jsonLdNode(html, 'Organization')).toMatchObject({ name: 'Porchlight', url: `${siteUrl}/` });
    expect(jsonLdNode(html, 'WebPage')).toMatchObject({ url });
  },
);

test.each(posts.map((post) => [post.slug, post] as const))(
  '/blog/%s renders the article: author, date, reading time, categories, cover, body and the other articles',
  async (slug, post) => {
    const res = await request(ctx.app).get(`/blog/${slug}`);
    const html = res.text;
    expect(html).toContain(`<time dateTime="${post.date}">`);
    expect(html).toContain(`${post.readingMinutes} min read`);
    expect(html).toContain(post.author);
    for (const category of post.categories) expect(html).toContain(`<li>${category}</li>`);
    expect(html).toMatch(new RegExp(`<img class="cover" src="${post.coverImage}" alt="" width="1200" height="630"`));
    // Body: linked headings, lists, paragraphs.
    expect(html).toMatch(/<h2 id="[a-z0-9-]+"><a class="heading-anchor" href="#[a-z0-9-]+">/);
    expect(html).toMatch(/<(ul|ol)>\s*<li>/);
    for (const other of posts.filter((p) => p.slug !== slug)) expect(html).toContain(`href="/blog/${other.slug}"`);
  },
);

test('an article names its author and links to their page when they are on the team', async () => {
  const post = posts.find((p) => team.some((person) => person.name === p.author));
  const person = team.find((member) => member.name === post?.author);
  const res = await request(ctx.app).get(`/blog/${post?.slug}`);
  expect(res.text).toContain(`href="/meet/${person?.slug}"`);
  expect(jsonLdNode(res.text, 'BlogPosting')).toMatchObject({
    author: { name: person?.name, url: `${siteUrl}/meet/${person?.slug}` },
  });
});

test.each(contentPages)('%s answers 200 with its heading and SEO tags', async (pagePath, meta) => {
  const res = await request(ctx.app).get(pagePath);
  expect(res.status).toBe(200);
  const html = res.text;
  expect(headingOf(html)).toBe(meta.title);
  expect(titleOf(html)).toBe(`${meta.title} | Porchlight`);
  expect(metaContent(html, 'description')).toBe(meta.description);
  expect(canonicalOf(html)).toBe(`${siteUrl}${pagePath}`);
  expect(metaContent(html, 'og:title')).toBe(meta.title);
  expect(metaContent(html, 'og:type')).toBe('website');
  expect(metaContent(html, 'og:image')).toBe(`${siteUrl}/og-image.png`);
  expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
  expect(jsonLdNode(html, 'Organization')).toBeDefined();
  expect(jsonLdNode(html, 'WebPage')).toMatchObject({ url: `${siteUrl}${pagePath}`, description: meta.description });
  expect(jsonLdNode(html, 'BlogPosting')).toBeUndefined();
  expect(textsOf(html, 'p', 'class="lead"')).toEqual([meta.lead]);
  if (meta.updated) expect(html).toContain(`<time dateTime="${meta.updated}">`);
});

test('the about page has its careers section at #careers', async () => {
  const res = await request(ctx.app).get('/about-us');
  expect(res.text).toContain('<h2 id="careers"><a class="heading-anchor" href="#careers">Careers</a></h2>');
});

test('the meeting confirmation page renders but stays out of search results', async () => {
  const res = await request(ctx.app).get('/meeting-confirmation');
  expect(res.status).toBe(200);
  expect(headingOf(res.text)).toBe(page('pages/meeting-confirmation.md').title);
  expect(metaContent(res.text, 'robots')).toBe('noindex, nofollow');
  expect(canonicalOf(res.text)).toBeUndefined();
  expect(jsonLdScripts(res.text)).toEqual([]);
});

test('the team page has its heading, a link to every person, and a title but no other SEO tags', async () => {
  const res = await request(ctx.app).get('/team');
  expect(res.status).toBe(200);
  expect(headingOf(res.text)).toBe(page('pages/team.md').title);
  expect(titleOf(res.text)).toBe(`${page('pages/team.md').title} | Porchlight`);
  for (const person of team) expect(res.text).toContain(`href="/meet/${person.slug}"`);
  expect(metaContent(res.text, 'description')).toBeUndefined();
  expect(canonicalOf(res.text)).toBeUndefined();
  expect(metaTags(res.text).filter((meta) => meta.property?.startsWith('og:'))).toEqual([]);
  expect(jsonLdScripts(res.text)).toEqual([]);
});

test('the analytics page has a title and a noindex rule, and nothing else of SEO', async () => {
  const res = await request(ctx.app).get('/analytics');
  expect(titleOf(res.text)).toMatch(/Porchlight/);
  expect(metaContent(res.text, 'robots')).toMatch(/noindex/);
  expect(metaContent(res.text, 'description')).toBeUndefined();
  expect(canonicalOf(res.text)).toBeUndefined();
  expect(metaContent(res.text, 'og:title')).toBeUndefined();
  expect(jsonLdScripts(res.text)).toEqual([]);
});

test.each(team.map((person) => [person.slug, person] as const))(
  '/meet/%s answers 200 with the person, their SEO tags and Person data',
  async (slug, person) => {
    const res = await request(ctx.app).get(`/meet/${slug}`);
    expect(res.status).toBe(200);
    expect(headingOf(res.text)).toBe(`Meet ${person.name}`);
    expect(metaContent(res.text, 'description')).toBe(person.bio);
    expect(canonicalOf(res.text)).toBe(`${siteUrl}/meet/${slug}`);
    expect(metaContent(res.text, 'og:type')).toBe('website');
    expect(jsonLdNode(res.text, 'Person')).toMatchObject({ name: person.name, jobTitle: person.role });
    for (const focus of person.focus) expect(res.text).toContain(focus.replace(/&/g, '&amp;'));
  },
);

test.each(['/blog/no-such-article', '/meet/nobody'])('%s is the not-found page with status 404', async (missing) => {
  const res = await request(ctx.app).get(missing);
  expect(res.status).toBe(404);
  expect(headingOf(res.text)).toBe('Page not found');
  expect(metaContent(res.text, 'robots')).toBe('noindex, nofollow');
  expect(canonicalOf(res.text)).toBeUndefined();
});

test('/blogs lists every article newest first as cards, with the SEO tags of the list', async () => {
  const res = await request(ctx.app).get('/blogs');
  expect(res.status).toBe(200);
  const html = res.text;
  expect(canonicalOf(html)).toBe(`${siteUrl}/blogs`);
  expect(metaContent(html, 'og:type')).toBe('website');
  expect(jsonLdNode(html, 'WebPage')).toBeDefined();
  expect(textsOf(html, 'h2', 'class="title"')).toEqual(posts.map((post) => post.title));
  expect(html).toContain('data-layout="grid"');
  for (const post of posts) {
    expect(html).toContain(`href="/blog/${post.slug}"`);
    expect(html).toContain(`<time dateTime="${post.date}">`);
  }
  expect(textsOf(html, 'a').filter((text) => text.startsWith('Read More'))).toEqual(
    posts.map((post) => `Read More about ${post.title}`),
  );
});

test('/blogs?layout=list shows the list layout and keeps the canonical URL of the list', async () => {
  const res = await request(ctx.app).get('/blogs?layout=list');
  expect(res.status).toBe(200);
  expect(res.text).toContain('data-layout="list"');
  expect(res.text).toMatch(/<button[^>]*value="list" aria-pressed="true"/);
  expect(canonicalOf(res.text)).toBe(`${siteUrl}/blogs`);
});

test('every JSON-LD block carries the nonce of its own response and parses', async () => {
  for (const pagePath of ['/', '/blogs', `/blog/${posts[0]?.slug}`, '/about-us', `/meet/${team[0]?.slug}`]) {
    const res = await request(ctx.app).get(pagePath);
    const scripts = jsonLdScripts(res.text);
    expect(scripts.length, pagePath).toBeGreaterThan(0);
    for (const script of scripts) expect(script.attributes.nonce).toBe(nonceOf(res));
    expect(jsonLdNodes(res.text).every((node) => typeof node['@type'] === 'string')).toBe(true);
  }
});

/** The sitemap's entries: loc → lastmod (undefined where an entry has none). */
async function sitemapEntries(): Promise<Map<string, string | undefined>> {
  const res = await request(ctx.app).get('/sitemap.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  const urlset = parseXml(res.text);
  expect(urlset.name).toBe('urlset');
  expect(urlset.attributes.xmlns).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
  return new Map(childrenNamed(urlset, 'url').map((url) => [childText(url, 'loc') ?? '', childText(url, 'lastmod')]));
}

const isDay = (text: string | undefined) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text ?? '') && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text ?? '-');
const latest = (...dates: string[]) => dates.reduce((a, b) => (b > a ? b : a));

test('every sitemap entry carries a yyyy-mm-dd lastmod', async () => {
  const entries = await sitemapEntries();
  expect(entries.size).toBeGreaterThan(posts.length);
  for (const [loc, lastmod] of entries) expect(isDay(lastmod), `${loc}: ${lastmod}`).toBe(true);
});

test('the sitemap lists every article and indexable page with when it last changed, and no private page', async () => {
  const entries = await sitemapEntries();
  for (const post of posts) expect(entries.get(`${siteUrl}/blog/${post.slug}`)).toBe(post.updated ?? post.date);
  for (const [pagePath, meta] of contentPages)
    expect(entries.get(`${siteUrl}${pagePath}`), pagePath).toBe(meta.updated);
  const newestPost = posts[0]?.date ?? '';
  expect(entries.get(`${siteUrl}/`)).toBe(latest(home.updated, newestPost));
  expect(entries.get(`${siteUrl}/blogs`)).toBe(newestPost);
  expect(entries.get(`${siteUrl}/team`)).toBe(
    latest(page('pages/team.md').updated ?? '', ...team.map((person) => person.updated)),
  );
  for (const person of team) {
    const written = posts.filter((post) => post.author === person.name).map((post) => post.date);
    expect(entries.get(`${siteUrl}/meet/${person.slug}`)).toBe(latest(person.updated, ...written));
  }
  for (const hidden of ['/meeting-confirmation', '/dashboard', '/analytics', '/leads', '/directory', '/tracking']) {
    expect(entries.has(`${siteUrl}${hidden}`)).toBe(false);
  }
});

test('every indexable page has a keywords meta', async () => {
  const indexable = [...(await sitemapEntries()).keys()].map((loc) => loc.slice(siteUrl.length));
  expect(indexable).toEqual(expect.arrayContaining(['/', '/blogs', '/about-us', '/policies']));
  // The team page is listed but carries no SEO tags at all (docs/product-rules.md#pages).
  for (const pagePath of indexable.filter((listed) => listed !== '/team')) {
    const res = await request(ctx.app).get(pagePath);
    const keywords = (metaContent(res.text, 'keywords') ?? '').split(', ').filter((word) => word.trim());
    expect(keywords.length, pagePath).toBeGreaterThan(0);
  }
  for (const [pagePath, meta] of contentPages) {
    const res = await request(ctx.app).get(pagePath);
    expect(metaContent(res.text, 'keywords'), pagePath).toBe(meta.keywords?.join(', '));
  }
});

test('the home page describes its FAQ as a FAQPage, question by question', async () => {
  const res = await request(ctx.app).get('/');
  const faqPage = jsonLdNode(res.text, 'FAQPage');
  expect(faqPage?.mainEntity).toHaveLength(faq.length);
  expect(faqPage?.mainEntity).toEqual(
    faq.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  );
  // The same questions and answers are on the page itself, in its HTML, whether or not an answer is open.
  const questions = textsOf(res.text, 'summary');
  const paragraphs = textsOf(res.text, 'p');
  for (const item of faq) {
    expect(questions, item.question).toContain(item.question);
    expect(paragraphs, item.question).toContain(item.answer);
  }
});

test.each(['/blogs', `/blog/${posts[0]?.slug}`, '/about-us'])(
  '%s, which has no FAQ, has no FAQPage data',
  async (pagePath) => {
    const res = await request(ctx.app).get(pagePath);
    expect(jsonLdNode(res.text, 'WebPage')).toBeDefined();
    expect(jsonLdNode(res.text, 'FAQPage')).toBeUndefined();
  },
);

test('the feed is well-formed RSS 2.0 with every article, newest first', async () => {
  const res = await request(ctx.app).get('/feed.xml');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/rss\+xml/);
  const rss = parseXml(res.text);
  expect(rss.name).toBe('rss');
  expect(rss.attributes.version).toBe('2.0');
  const [channel] = childrenNamed(rss, 'channel');
  if (!channel) throw new Error('no channel');
  expect(childText(channel, 'link')).toBe(`${siteUrl}/blogs`);
  expect(childrenNamed(channel, 'atom:link')[0]?.attributes).toMatchObject({
    href: `${siteUrl}/feed.xml`,
    rel: 'self',
  });
  const items = childrenNamed(channel, 'item');
  expect(items.map((item) => childText(item, 'title'))).toEqual(posts.map((post) => post.title));
  for (const [index, item] of items.entries()) {
    const post = posts[index];
    expect(childText(item, 'link')).toBe(`${siteUrl}/blog/${post?.slug}`);
    expect(childText(item, 'guid')).toBe(`${siteUrl}/blog/${post?.slug}`);
    expect(childText(item, 'description')).toBe(post?.excerpt);
    expect(childText(item, 'dc:creator')).toBe(post?.author);
    expect(new Date(childText(item, 'pubDate') ?? '').toISOString()).toBe(`${post?.date}T00:00:00.000Z`);
    expect(childrenNamed(item, 'category').map((category) => category.text)).toEqual(post?.categories);
  }
});

test('robots.txt allows the site, keeps crawlers out of the API and dashboards, and names the sitemap', async () => {
  const res = await request(ctx.app).get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain/);
  const lines = res.text.split('\n');
  expect(lines).toEqual(
    expect.arrayContaining([
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /analytics',
      'Disallow: /leads',
      `Sitemap: ${siteUrl}/sitemap.xml`,
    ]),
  );
});

test('the web app manifest names the site and its icons exist', async () => {
  const res = await request(ctx.app).get('/manifest.webmanifest');
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = JSON.parse(res.text);
  expect(manifest).toMatchObject({ name: expect.stringContaining('Porchlight'), short_name: 'Porchlight' });
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  const icons: { src: string; sizes: string; type: string }[] = manifest.icons;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of icons) {
    const file = await request(ctx.app).get(icon.src);
    expect(file.status, icon.src).toBe(200);
    expect(file.headers['content-type']).toBe(icon.type);
  }
});

test('the document head links the manifest, the feed and the icons, which all exist', async () => {
  const res = await request(ctx.app).get('/blogs');
  for (const href of ['/manifest.webmanifest', '/feed.xml', '/favicon.svg', '/favicon.ico', '/apple-touch-icon.png']) {
    expect(res.text).toContain(`href="${href}"`);
    expect((await request(ctx.app).get(href)).status, href).toBe(200);
  }
});

test('the social images are PNGs that exist', async () => {
  for (const image of ['/og-image.png', ...posts.map((post) => post.coverImage.replace(/\.svg$/, '.png'))]) {
    const res = await request(ctx.app).get(image);
    expect(res.status, image).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  }
});
