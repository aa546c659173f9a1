import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Lead Generation"
      lead="Buyer and seller leads delivered to your CRM and called by Porchlight within seconds, so no lead you pay for goes cold."
    >
      <Seo
        title="Lead Generation"
        description="Real-estate buyer and seller leads, called within seconds and nurtured for 90 days by Porchlight's voice AI."
        path="/lead-generation"
      />
    </Page>
  );
}
