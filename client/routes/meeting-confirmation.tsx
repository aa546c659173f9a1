import { html, meta } from '#content/pages/meeting-confirmation.md';
import { ContentPage } from '../components/content-page.tsx';

// Reached only after booking, so it stays out of search results and the sitemap.
export function Component() {
  return <ContentPage {...meta} html={html} path="/meeting-confirmation" noIndex />;
}
