import { blogIndex } from '#client/features/blog/blog-index.ts';
import home from '#content/home.json';
import { meta as consentPolicies } from '#content/legal/consent-policies.md';
import { meta as privacy } from '#content/legal/privacy.md';
import { meta as terms } from '#content/legal/terms.md';
import { meta as aboutUs } from '#content/pages/about-us.md';
import { meta as affiliateProgram } from '#content/pages/affiliate-program.md';
import { meta as leadGeneration } from '#content/pages/lead-generation.md';
import { meta as teamPage } from '#content/pages/team.md';
import { posts } from '#content/posts.ts';
import type { PageMeta } from '#content/schema.ts';
import { site } from '#content/site.ts';
import { team } from '#content/team.ts';
import { postDateToUtc } from '#shared/blog.ts';
import { escapeXml } from '#shared/xml.ts';

// Sitemap, feed and web app manifest. They are built from the content compiled into the server bundle,
// so the server asks this module for them (server/pages/discovery.ts) instead of reading content itself.

interface SitemapEntry {
  path: string;
  /** yyyy-mm-dd: when the page's words last changed. */
  lastmod: string;
}

/** The latest of some yyyy-mm-dd dates (they sort as text). */
function newest(first: string, ...rest: string[]): string {
  return rest.reduce((latest, date) => (date > latest ? date : latest), first);
}

/** The front-matter date of an indexable page; content/schema.ts already refuses a page without one. */
function updatedOf(page: PageMeta, file: string): string {
  if (!page.updated) throw new Error(`${file}: an indexable page needs an 'updated' date for the sitemap`);
  return page.updated;
}

/** Every page search engines should index. Noindex pages (meeting confirmation, dashboards) are left out. */
export function indexablePages(): SitemapEntry[] {
  const [latest] = posts;
  if (!latest) throw new Error('content/blog/ holds no articles');
  return [
    // The home page shows the newest articles (Latest Insights) beside its own copy, FAQ and case study.
    { path: '/', lastmod: newest(home.updated, latest.date) },
    { path: '/blogs', lastmod: latest.date },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.updated ?? post.date })),
    { path: '/about-us', lastmod: updatedOf(aboutUs, 'content/pages/about-us.md') },
    // Indexable though it carries no SEO tags but its title: it links every personal page.
    {
      path: '/team',
      lastmod: newest(updatedOf(teamPage, 'content/pages/team.md'), ...team.map((person) => person.updated)),
    },
    ...team.map((person) => ({
      path: `/meet/${person.slug}`,
      // A personal page lists its person's articles.
      lastmod: newest(person.updated, ...posts.filter((post) => post.author === person.name).map((post) => post.date)),
    })),
    { path: '/affiliate-program', lastmod: updatedOf(affiliateProgram, 'content/pages/affiliate-program.md') },
    { path: '/lead-generation', lastmod: updatedOf(leadGeneration, 'content/pages/lead-generation.md') },
    { path: '/policies', lastmod: updatedOf(terms, 'content/legal/terms.md') },
    { path: '/privacy', lastmod: updatedOf(privacy, 'content/legal/privacy.md') },
    { path: '/consent-policies', lastmod: updatedOf(consentPolicies, 'content/legal/consent-policies.md') },
  ];
}

function sitemapXml(siteUrl: string): string {
  const urls = indexablePages().map(({ path, lastmod }) => {
    return `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc><lastmod>${lastmod}</lastmod></url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** RSS 2.0 of the articles, newest first. Dates are the articles' own, never the clock's. */
function feedXml(siteUrl: string): string {
  const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
  const items = posts.map((post) => {
    const url = `${siteUrl}/blog/${post.slug}`;
    return [
      '    <item>',
      `      ${element('title', post.title)}`,
      `      ${element('link', url)}`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      ${element('pubDate', postDateToUtc(post.date).toUTCString())}`,
      `      ${element('dc:creator', post.author)}`,
      ...post.categories.map((category) => `      ${element('category', category)}`),
      `      ${element('description', post.excerpt)}`,
      '    </item>',
    ].join('\n');
  });
  const newest = posts[0];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${element('title', `${site.name} ${blogIndex.title}: ${blogIndex.heading}`)}`,
    `    ${element('link', `${siteUrl}/blogs`)}`,
    `    ${element('description', blogIndex.description)}`,
    '    <language>en-us</language>',
    ...(newest ? [`    ${element('lastBuildDate', postDateToUtc(newest.date).toUTCString())}`] : []),
    `    <atom:link href="${escapeXml(`${siteUrl}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** The web app manifest: the name and colours come from the same place as the rest of the site. */
function manifest() {
  return {
    id: '/',
    name: `${site.name}: Real Estate Voice AI`,
    short_name: site.name,
    description: site.description,
    lang: 'en-US',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#fbfaf7',
    theme_color: '#fbfaf7',
    icons: [
      { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  };
}

export interface Discovery {
  sitemapXml: string;
  feedXml: string;
  manifestJson: string;
}

/** `siteUrl` without a trailing slash, e.g. 'https://porchlight.ai'. */
export function discovery(siteUrl: string): Discovery {
  return {
    sitemapXml: sitemapXml(siteUrl),
    feedXml: feedXml(siteUrl),
    manifestJson: JSON.stringify(manifest(), null, 2),
  };
}
