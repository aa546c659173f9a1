import { Page } from '../components/page.tsx';
import { Seo } from '../components/seo.tsx';

export function Component() {
  return (
    <Page
      title="Cookie and Consent Policy"
      lead="How we use cookies and local storage, how we record your consent to automated AI-voice calls and texts, and how to opt out at any time."
    >
      <Seo
        title="Cookie and Consent Policy"
        description="Porchlight's use of cookies, consent to automated AI-voice calls under the TCPA, call-recording disclosure and opt-out handling."
        path="/consent-policies"
      />
    </Page>
  );
}
