import { html, meta } from '#content/legal/terms.md';
import { ContentPage } from '../components/content-page.tsx';

export function Component() {
  return <ContentPage {...meta} html={html} path="/policies" />;
}
