import { meta as consentPolicies } from '#content/legal/consent-policies.md';
import { meta as privacy } from '#content/legal/privacy.md';
import { meta as terms } from '#content/legal/terms.md';
import { posts } from '#content/posts.ts';
import { site } from '#content/site.ts';
import { team } from '#content/team.ts';
import { postDateToUtc } from '#shared/blog.ts';
import { escapeXml } from '#shared/xml.ts';
import { blogIndex } from './features/blog/blog-index.ts';

// Sitemap, feed and web app manifest. They are built from the content compiled into the server bundle,
// so the server asks this module for them (server/discovery.ts) instead of reading content itself.

interface SitemapEntry {
  path: string;
  /** yyyy-mm-dd; left out where the page has no date of its own. */
  lastmod?: string;
}

/** Every page search engines should index. Noindex pages (meeting confirmation, dashboards) are left out. */
export function indexablePages(): SitemapEntry[] {
  return [
    { path: '/' },
    { path: '/blogs', lastmod: posts[0]?.date },
    ...posts.map((post) => ({ path: `/blog/${post.slug}`, lastmod: post.date })),
    { path: '/about-us' },
    { path: '/team' },
    ...team.map((person) => ({ path: `/meet/${person.slug}` })),
    { path: '/affiliate-program' },
    { path: '/lead-generation' },
    { path: '/policies', lastmod: terms.updated },
    { path: '/privacy', lastmod: privacy.updated },
    { path: '/consent-policies', lastmod: consentPolicies.updated },
  ];
}

function sitemapXml(siteUrl: string): string {
  const urls = indexablePages().map(({ path, lastmod }) => {
    const parts = [`<loc>${escapeXml(`${siteUrl}${path}`)}</loc>`];
    if (lastmod) parts.push(`<lastmod>${lastmod}</lastmod>`);
    return `  <url>${parts.join('')}</url>`;
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
