import { ContentPage } from '#client/components/content-page.tsx';
import { RevocationForm } from '#client/features/consent/revocation-form.tsx';
import { html, meta } from '#content/legal/consent-policies.md';

export function Component() {
  return (
    <ContentPage {...meta} html={html} path="/consent-policies">
      <RevocationForm />
    </ContentPage>
  );
}
