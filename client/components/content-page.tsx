import { css } from '@emotion/react';
import type { ReactNode } from 'react';
import { site } from '#content/site.ts';
import { formatPostDate } from '#shared/blog.ts';
import { Prose } from './prose.tsx';
import { Seo } from './seo.tsx';
import type { JsonLdNode } from './structured-data.ts';

const layout = css`
  max-width: 46rem;
  margin: 0 auto;
  padding: var(--space-12) var(--space-4);
  > header {
    margin-bottom: var(--space-8);
    padding-bottom: var(--space-8);
    border-bottom: 1px solid var(--color-border);
  }
  h1 {
    margin: 0 0 var(--space-4);
    font-size: clamp(2rem, 5vw, 3rem);
  }
  .lead {
    margin: 0;
    color: var(--color-muted);
    font-size: 1.1875rem;
    line-height: 1.6;
  }
  .updated {
    margin: var(--space-4) 0 0;
    color: var(--color-muted);
    font-size: 0.875rem;
  }
  .call-to-action {
    margin-top: var(--space-6);
  }
`;

export interface ContentPageProps {
  /** The H1, and the page's title. */
  title: string;
  lead: ReactNode;
  /** Meta description. */
  description: string;
  /** The canonical path, e.g. '/about-us'. */
  path: string;
  /** yyyy-mm-dd; shown as 'Last updated' (it is also the page's sitemap lastmod, client/discovery.ts). */
  updated?: string;
  /** The keywords meta (front matter `keywords`). */
  keywords?: readonly string[];
  /** Body compiled from markdown at build time. */
  html?: string;
  /**
   * 'full' (default) renders every SEO tag; 'title-only' renders just a <title>, for the pages kept out of SEO (the
   * team page; docs/product-rules.md#pages).
   */
  seo?: 'full' | 'title-only';
  noIndex?: boolean;
  structuredData?: readonly JsonLdNode[];
  /**
   * The page's call to action, shown under the lead: where a button that opens the contact dialog
   * goes on the lead-generation, affiliate and about pages. Nothing is shown when it is not given.
   */
  callToAction?: ReactNode;
  /** Shown between the header and the body, e.g. the people on the team page. */
  beforeBody?: ReactNode;
  /** Shown after the body. */
  children?: ReactNode;
}

/** A page of words: heading, lead, optional call to action, then the markdown body. */
export function ContentPage({
  title,
  lead,
  description,
  path,
  updated,
  keywords,
  html,
  seo = 'full',
  noIndex,
  structuredData,
  callToAction,
  beforeBody,
  children,
}: ContentPageProps) {
  return (
    <article css={layout}>
      {seo === 'full' ? (
        <Seo
          title={title}
          description={description}
          path={path}
          keywords={keywords}
          noIndex={noIndex}
          structuredData={structuredData}
        />
      ) : (
        <title>{`${title} | ${site.name}`}</title>
      )}
      <header>
        <h1>{title}</h1>
        <p className="lead">{lead}</p>
        {updated && (
          <p className="updated">
            Last updated <time dateTime={updated}>{formatPostDate(updated)}</time>
          </p>
        )}
        {callToAction && <div className="call-to-action">{callToAction}</div>}
      </header>
      {beforeBody}
      {html && <Prose html={html} />}
      {children}
    </article>
  );
}
