import { site } from '#content/site.ts';
import { usePublicConfig } from '../public-config.tsx';

interface SeoProps {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/blogs'. */
  path: string;
  noIndex?: boolean;
}

/** Title, description and canonical link; React 19 hoists them into <head>, on the server too. */
export function Seo({ title, description, path, noIndex = false }: SeoProps) {
  const { siteUrl } = usePublicConfig();
  const fullTitle = title === site.name ? title : `${title} | ${site.name}`;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={`${siteUrl}${path}`} />
      {noIndex && <meta name="robots" content="noindex, nofollow" />}
    </>
  );
}
