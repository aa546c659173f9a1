import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Privacy Policy"
      lead="What we collect when you visit this site or ask our assistant to call you, why we collect it, and the choices you have."
    >
      <Seo
        title="Privacy Policy"
        description="How Porchlight collects, uses and protects personal information, including phone numbers submitted for demo calls."
        path="/privacy"
      />
    </Page>
  );
}
