import { ContentPage } from '#client/components/content-page.tsx';
import { ContactButton } from '#client/features/contact/contact-button.tsx';
import { html, meta } from '#content/pages/affiliate-program.md';

export function Component() {
  return (
    <ContentPage
      {...meta}
      html={html}
      path="/affiliate-program"
      callToAction={<ContactButton>Contact Us</ContactButton>}
    />
  );
}
