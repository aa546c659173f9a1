import { Page } from '#client/components/page.tsx';
import { Seo } from '#client/components/seo.tsx';
import { Island } from '#client/islands/island.tsx';
import { usePublicConfig } from '#client/public-config.tsx';
import { escapeXml } from '#shared/xml.ts';

export function Component() {
  const { directoryUrl } = usePublicConfig();
  return (
    <Page
      title="Redirecting..."
      lead={
        <>
          Taking you to the Porchlight agent directory. If nothing happens,{' '}
          <a href={directoryUrl}>open the directory</a>.
        </>
      }
    >
      <Seo title="Agent directory" description="The Porchlight agent directory." path="/directory" noIndex />
      <Island name="go-to" props={{ url: directoryUrl }} />
      {/* Without scripts the browser still goes on its own. Written as markup, not a React <meta>, which React
          would hoist into <head> where it would fire with scripts on as well. No CSP rule governs it. */}
      <noscript
        dangerouslySetInnerHTML={{ __html: `<meta http-equiv="refresh" content="0;url=${escapeXml(directoryUrl)}">` }}
      />
    </Page>
  );
}
