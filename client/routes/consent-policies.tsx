import { ContentPage } from '#client/components/content-page.tsx';
import { Island } from '#client/islands/island.tsx';
import { html, meta } from '#content/legal/consent-policies.md';

export function Component() {
  return (
    <ContentPage {...meta} html={html} path="/consent-policies">
      <Island name="revocation-form" load="visible" props={{}} />
    </ContentPage>
  );
}
