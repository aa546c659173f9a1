import { html, meta } from '#content/legal/privacy.md';
import { ContentPage } from '../components/content-page.tsx';

export function Component() {
  return <ContentPage {...meta} html={html} path="/privacy" />;
}
