import express, { type Router } from 'express';
import type { PageSource } from './page-source.ts';

interface DiscoveryOptions {
  pages: PageSource;
  /** Without a trailing slash (server/config.ts). */
  siteUrl: string;
}

// Crawlers and browsers ask for these often; an hour of caching keeps them cheap and still fresh.
const CACHE = 'public, max-age=3600';

/** Everything but the API, the private dashboards and their redirect may be crawled. */
export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /dashboard',
    'Disallow: /analytics',
    'Disallow: /leads',
    'Disallow: /tracking',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** robots.txt, sitemap, feed and web app manifest; mounted before the page catch-all. */
export function discoveryRouter({ pages, siteUrl }: DiscoveryOptions): Router {
  const router = express.Router();
  const files = async () => (await pages.serverModule()).discovery(siteUrl);

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').set('Cache-Control', CACHE).send(robotsTxt(siteUrl));
  });
  router.get('/sitemap.xml', async (_req, res) => {
    res
      .type('application/xml')
      .set('Cache-Control', CACHE)
      .send((await files()).sitemapXml);
  });
  router.get('/feed.xml', async (_req, res) => {
    res
      .type('application/rss+xml')
      .set('Cache-Control', CACHE)
      .send((await files()).feedXml);
  });
  router.get('/manifest.webmanifest', async (_req, res) => {
    res
      .type('application/manifest+json')
      .set('Cache-Control', CACHE)
      .send((await files()).manifestJson);
  });
  return router;
}
