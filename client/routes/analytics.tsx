import { Page } from '../components/page.tsx';

export function Component() {
  return (
    <Page
      title="Visitor Analytics"
      lead="Visits, sources and pages for the Porchlight website. This page is for the Porchlight team and needs an analytics sign-in."
    >
      <title>Visitor Analytics | Porchlight</title>
      <meta name="robots" content="noindex, nofollow" />
    </Page>
  );
}
