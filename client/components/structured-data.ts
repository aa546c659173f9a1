import { site } from '#content/site.ts';
import { postDateToUtc } from '#shared/blog.ts';

// schema.org nodes for JSON-LD (docs/product-rules.md#pages). Nodes refer to each other by @id, so one
// @graph per page describes the organization, the site, the page and, on an article, the article.
// Optional properties may be undefined: JSON.stringify leaves them out.
type JsonValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | readonly JsonValue[]
  | { readonly [key: string]: JsonValue };
export type JsonLdNode = { readonly [key: string]: JsonValue };

const LANGUAGE = 'en-US';

export const organizationId = (siteUrl: string) => `${siteUrl}/#organization`;
const websiteId = (siteUrl: string) => `${siteUrl}/#website`;
export const webPageId = (url: string) => `${url}#webpage`;

/** Absolute URL of a site path; absolute URLs pass through. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

/** A yyyy-mm-dd date as a full ISO instant; anything else passes through. */
export function isoInstant(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? postDateToUtc(date).toISOString() : date;
}

export function organizationJsonLd(siteUrl: string): JsonLdNode {
  const { contact, social } = site;
  return {
    '@type': 'Organization',
    '@id': organizationId(siteUrl),
    name: site.name,
    url: `${siteUrl}/`,
    description: site.tagline,
    logo: { '@type': 'ImageObject', url: `${siteUrl}/icon-512.png`, width: 512, height: 512 },
    email: contact.email,
    telephone: contact.phone,
    address: {
      '@type': 'PostalAddress',
      streetAddress: contact.address.street,
      addressLocality: contact.address.city,
      addressRegion: contact.address.region,
      postalCode: contact.address.postalCode,
      addressCountry: 'US',
    },
    sameAs: [social.twitter, social.linkedin, social.facebook],
  };
}

export function websiteJsonLd(siteUrl: string): JsonLdNode {
  return {
    '@type': 'WebSite',
    '@id': websiteId(siteUrl),
    url: `${siteUrl}/`,
    name: site.name,
    description: site.description,
    publisher: { '@id': organizationId(siteUrl) },
    inLanguage: LANGUAGE,
  };
}

interface WebPageInput {
  siteUrl: string;
  url: string;
  name: string;
  description: string;
  image?: string;
}

export function webPageJsonLd({ siteUrl, url, name, description, image }: WebPageInput): JsonLdNode {
  return {
    '@type': 'WebPage',
    '@id': webPageId(url),
    url,
    name,
    description,
    isPartOf: { '@id': websiteId(siteUrl) },
    about: { '@id': organizationId(siteUrl) },
    primaryImageOfPage: image ? { '@type': 'ImageObject', url: image } : undefined,
    inLanguage: LANGUAGE,
  };
}

interface ArticleInput {
  siteUrl: string;
  url: string;
  headline: string;
  description: string;
  image: string;
  datePublished: string;
  dateModified?: string;
  author: { name: string; url?: string };
  keywords?: readonly string[];
}

export function articleJsonLd(input: ArticleInput): JsonLdNode {
  const { siteUrl, url, author, keywords = [] } = input;
  return {
    '@type': 'BlogPosting',
    '@id': `${url}#article`,
    headline: input.headline,
    description: input.description,
    image: [input.image],
    datePublished: isoInstant(input.datePublished),
    dateModified: isoInstant(input.dateModified ?? input.datePublished),
    author: { '@type': 'Person', name: author.name, url: author.url },
    publisher: { '@id': organizationId(siteUrl) },
    mainEntityOfPage: { '@id': webPageId(url) },
    isPartOf: { '@id': websiteId(siteUrl) },
    keywords: keywords.length > 0 ? keywords.join(', ') : undefined,
    articleSection: keywords[0],
    inLanguage: LANGUAGE,
  };
}

/** FAQPage, only where the FAQ itself renders (the home page, client/routes/home.tsx). */
export function faqPageJsonLd(items: readonly { question: string; answer: string }[]): JsonLdNode {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

interface PersonInput {
  siteUrl: string;
  url: string;
  name: string;
  jobTitle: string;
  description: string;
}

export function personJsonLd({ siteUrl, url, name, jobTitle, description }: PersonInput): JsonLdNode {
  return {
    '@type': 'Person',
    '@id': `${url}#person`,
    name,
    jobTitle,
    description,
    url,
    worksFor: { '@id': organizationId(siteUrl) },
  };
}

export function jsonLdGraph(nodes: readonly JsonLdNode[]): JsonLdNode {
  return { '@context': 'https://schema.org', '@graph': nodes };
}
