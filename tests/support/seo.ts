// Reads the SEO tags of a server-rendered page, as a crawler that runs no JavaScript sees them.

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" };
const decode = (text: string) => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_m, e: string) => ENTITIES[e] ?? _m);

function attributesOf(tag: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) {
    if (match[1]) attributes[match[1]] = decode(match[2] ?? '');
  }
  return attributes;
}

/** Every <meta> element's attributes. */
export function metaTags(html: string): Record<string, string>[] {
  return (html.match(/<meta\b[^>]*>/g) ?? []).map(attributesOf);
}

/** Contents of the <meta> elements whose name or property is `key`. */
export function metaContents(html: string, key: string): string[] {
  return metaTags(html)
    .filter((meta) => meta.name === key || meta.property === key)
    .map((meta) => meta.content ?? '');
}

export function metaContent(html: string, key: string): string | undefined {
  return metaContents(html, key)[0];
}

export function canonicalOf(html: string): string | undefined {
  const link = (html.match(/<link\b[^>]*>/g) ?? []).map(attributesOf).find((attrs) => attrs.rel === 'canonical');
  return link?.href;
}

export interface JsonLdScript {
  attributes: Record<string, string>;
  data: unknown;
}

/** Every JSON-LD block, parsed (JSON.parse throws on a malformed one). */
export function jsonLdScripts(html: string): JsonLdScript[] {
  return [...html.matchAll(/(<script\b[^>]*type="application\/ld\+json"[^>]*>)([\s\S]*?)<\/script>/g)].map((match) => ({
    attributes: attributesOf(match[1] ?? ''),
    data: JSON.parse(match[2] ?? ''),
  }));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The schema.org nodes of every JSON-LD block, whether written as a @graph or one node per block. */
export function jsonLdNodes(html: string): Record<string, unknown>[] {
  return jsonLdScripts(html).flatMap(({ data }) => {
    const graph = isRecord(data) ? data['@graph'] : undefined;
    const nodes = Array.isArray(graph) ? graph : [data];
    return nodes.filter(isRecord);
  });
}

/** The first node of a type, e.g. 'BlogPosting'. */
export function jsonLdNode(html: string, type: string): Record<string, unknown> | undefined {
  return jsonLdNodes(html).find((node) => node['@type'] === type);
}

/** The texts of every element named `tag` (whose opening tag holds `attribute`, if given), tags stripped. */
export function textsOf(html: string, tag: string, attribute = ''): string[] {
  const opening = attribute ? `<${tag}\\b[^>]*${attribute}[^>]*>` : `<${tag}\\b[^>]*>`;
  return [...html.matchAll(new RegExp(`${opening}([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
    decode((match[1] ?? '').replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '')).trim(),
  );
}
