import { ContentPage } from '#client/components/content-page.tsx';
import { ContactButton } from '#client/features/contact/contact-button.tsx';
import { html, meta } from '#content/pages/lead-generation.md';

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
