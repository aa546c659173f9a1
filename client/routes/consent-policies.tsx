import { html, meta } from '#content/legal/consent-policies.md';
import { ContentPage } from '../components/content-page.tsx';

export function Component() {
  return <ContentPage {...meta} html={html} path="/consent-policies" />;
}
