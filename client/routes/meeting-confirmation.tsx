import { ContentPage } from '#client/components/content-page.tsx';
import { html, meta } from '#content/pages/meeting-confirmation.md';

// Reached only after booking, so it stays out of search results and the sitemap.
export function Component() {
  return <ContentPage {...meta} html={html} path="/meeting-confirmation" noIndex />;
}
