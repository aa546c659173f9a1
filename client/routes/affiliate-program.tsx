import { html, meta } from '#content/pages/affiliate-program.md';
import { ContentPage } from '../components/content-page.tsx';

export function Component() {
  return <ContentPage {...meta} html={html} path="/affiliate-program" />;
}
