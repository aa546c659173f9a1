import { usePublicConfig } from '#client/public-config.tsx';
import { site } from '#content/site.ts';
import { JsonScript } from './json-script.tsx';
import {
  absoluteUrl,
  articleJsonLd,
  isoInstant,
  type JsonLdNode,
  jsonLdGraph,
  organizationJsonLd,
  webPageJsonLd,
  websiteJsonLd,
} from './structured-data.ts';

export interface SeoImage {
  /** A site path such as '/og-image.png', or an absolute URL. Social networks want PNG or JPEG, not SVG. */
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** The site's social card, used by every page that has no picture of its own. */
export const DEFAULT_SEO_IMAGE: SeoImage = {
  src: '/og-image.png',
  alt: `${site.name}: ${site.headline}`,
  width: 1200,
  height: 630,
};

/** A page's SEO metadata (docs/product-rules.md#pages). */
export interface SeoProps {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/blogs'. */
  path: string;
  image?: SeoImage;
  type?: 'website' | 'article';
  /** yyyy-mm-dd or an ISO instant; articles only. */
  publishedTime?: string;
  modifiedTime?: string;
  /** Articles: the author, and their page on this site when they have one. */
  author?: { name: string; path?: string };
  keywords?: readonly string[];
  /** Kept out of search results: no canonical URL and no structured data either, only the robots rule. */
  noIndex?: boolean;
  /** Extra JSON-LD nodes for this page, e.g. `faqPageJsonLd(faq)` where the FAQ renders. */
  structuredData?: readonly JsonLdNode[];
}

const twitterHandle = `@${new URL(site.social.twitter).pathname.replace(/^\/|\/$/g, '')}`;

/**
 * Title, description, canonical link, Open Graph and Twitter card tags and JSON-LD. React 19 hoists the
 * <title>, <meta> and <link> elements into <head>, on the server too; the JSON-LD script stays in place.
 */
export function Seo({
  title,
  description,
  path,
  image = DEFAULT_SEO_IMAGE,
  type = 'website',
  publishedTime,
  modifiedTime,
  author,
  keywords = [],
  noIndex = false,
  structuredData = [],
}: SeoProps) {
  const { siteUrl } = usePublicConfig();
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  const url = absoluteUrl(siteUrl, path);
  const imageUrl = absoluteUrl(siteUrl, image.src);
  const isArticle = type === 'article';
  const modified = modifiedTime ?? publishedTime;

  const graph: JsonLdNode[] = [
    organizationJsonLd(siteUrl),
    websiteJsonLd(siteUrl),
    webPageJsonLd({ siteUrl, url, name: fullTitle, description, image: imageUrl }),
  ];
  if (isArticle && publishedTime) {
    graph.push(
      articleJsonLd({
        siteUrl,
        url,
        headline: title,
        description,
        image: imageUrl,
        datePublished: publishedTime,
        dateModified: modifiedTime,
        author: { name: author?.name ?? site.name, url: author?.path && absoluteUrl(siteUrl, author.path) },
        keywords,
      }),
    );
  }
  graph.push(...structuredData);

  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      {noIndex ? <meta name="robots" content="noindex, nofollow" /> : <link rel="canonical" href={url} />}
      {keywords.length > 0 && <meta name="keywords" content={keywords.join(', ')} />}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content="en_US" />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {!noIndex && <meta property="og:url" content={url} />}
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:width" content={String(image.width)} />
      <meta property="og:image:height" content={String(image.height)} />
      <meta property="og:image:alt" content={image.alt} />
      {isArticle && publishedTime && <meta property="article:published_time" content={isoInstant(publishedTime)} />}
      {isArticle && modified && <meta property="article:modified_time" content={isoInstant(modified)} />}
      {isArticle && author && <meta property="article:author" content={author.name} />}
      {isArticle && keywords.map((tag) => <meta key={tag} property="article:tag" content={tag} />)}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:site" content={twitterHandle} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={image.alt} />
      {!noIndex && <JsonLd data={jsonLdGraph(graph)} />}
    </>
  );
}

/** A JSON-LD block. */
export function JsonLd({ data }: { data: JsonLdNode }) {
  return <JsonScript type="application/ld+json" data={data} />;
}
