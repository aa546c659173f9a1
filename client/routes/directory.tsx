import { useEffect } from 'react';
import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';
import { usePublicConfig } from '../public-config.tsx';

export function Component() {
  const { directoryUrl } = usePublicConfig();
  useEffect(() => {
    window.location.assign(directoryUrl);
  }, [directoryUrl]);
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
    </Page>
  );
}
