import { html, meta } from '#content/pages/lead-generation.md';
import { ContentPage } from '../components/content-page.tsx';

export function Component() {
  return <ContentPage {...meta} html={html} path="/lead-generation" />;
}
