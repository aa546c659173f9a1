import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Terms of Service"
      lead="The terms that apply when you use the Porchlight website and the Porchlight voice-AI assistant service."
    >
      <Seo
        title="Terms of Service"
        description="The terms that govern use of the Porchlight website and voice-AI inside sales assistant."
        path="/policies"
      />
    </Page>
  );
}
