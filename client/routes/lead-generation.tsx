import { html, meta } from '#content/pages/lead-generation.md';
import { ContentPage } from '../components/content-page.tsx';
import { ContactButton } from '../features/contact/contact-button.tsx';

export function Component() {
  return (
    <ContentPage
      {...meta}
      html={html}
      path="/lead-generation"
      callToAction={<ContactButton>Contact Us</ContactButton>}
    />
  );
}
