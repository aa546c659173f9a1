import { ContentPage } from '#client/components/content-page.tsx';
import { html, meta } from '#content/legal/terms.md';

export function Component() {
  return <ContentPage {...meta} html={html} path="/policies" />;
}
