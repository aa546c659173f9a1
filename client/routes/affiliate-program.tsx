import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Affiliate Program"
      lead="Coaches, brokers and real-estate creators: introduce agents to Porchlight and earn a recurring share of every account you refer."
    >
      <Seo
        title="Affiliate Program"
        description="Earn recurring commission by referring real-estate agents and teams to Porchlight's voice-AI inside sales assistant."
        path="/affiliate-program"
      />
    </Page>
  );
}
